"""The links' keys: random, kept between runs for the same history and port, renewable."""

from __future__ import annotations

import stat

from scorekeeper.web.keys import link_keys


def test_keys_are_kept_for_the_same_place_and_renewed_on_demand(tmp_path):
    path = tmp_path / "state" / "serve-keys.json"
    first = link_keys("/h 8000", ["scorer", "board"], path=path)
    assert first["scorer"] != first["board"] and all(len(k) >= 22 for k in first.values())
    assert link_keys("/h 8000", ["scorer", "board"], path=path) == first  # a restart
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # readable by this user only
    other = link_keys("/h 8001", ["scorer", "board"], path=path)
    assert set(other.values()).isdisjoint(first.values())
    renewed = link_keys("/h 8000", ["scorer", "board"], fresh=True, path=path)
    assert set(renewed.values()).isdisjoint(first.values())
    assert link_keys("/h 8000", ["scorer", "board"], path=path) == renewed


def test_a_damaged_or_unwritable_keys_file_only_means_new_keys(tmp_path):
    path = tmp_path / "serve-keys.json"
    path.write_text("{not json")
    keys = link_keys("/h 8000", ["scorer"], path=path)
    assert len(keys["scorer"]) >= 22
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert len(link_keys("/h 8000", ["scorer"], path=blocked / "keys.json")["scorer"]) >= 22
