"""The journal file line by line: what is read back, what counts as damage, what a killed
writer leaves and how the next writer mends it."""

import os
import zlib

import pytest

from scorekeeper.store import journal as journal_module
from scorekeeper.store.journal import Journal, decode, encode
from scorekeeper.store.storage import DamagedFile

ID = "0123abcd"


def line_of(body: bytes, crc: int | None = None) -> bytes:
    return b"%08x %s" % (zlib.crc32(body) if crc is None else crc, body)


def damaged(line: bytes, tmp_path) -> bool:
    try:
        decode(line, tmp_path / "journal")
    except DamagedFile as err:
        assert err.reason == "garbage" and err.path == tmp_path / "journal"
        return True
    return False


def test_a_line_is_the_checksum_in_eight_hex_digits_a_space_and_compact_json():
    body = b'{"id":"0123abcd","line":{"name":"Soir\xc3\xa9e","deals":3}}'
    assert encode({"id": ID, "line": {"name": "Soirée", "deals": 3}}) == (
        b"%08x " % zlib.crc32(body) + body + b"\n")
    assert encode({"id": "00000000"})[:9] == b"%08x " % zlib.crc32(b'{"id":"00000000"}')


def test_a_small_checksum_is_written_with_its_leading_zeros(monkeypatch):
    monkeypatch.setattr(journal_module.zlib, "crc32", lambda body: 0xABC)
    assert encode({"id": ID}).startswith(b"00000abc ")


@pytest.mark.parametrize("entry", [
    {"id": ID}, {"id": ID, "line": {}}, {"id": "ffffffff", "line": {"deals": 2, "n": "é"}},
    {"id": ID, "line": {"name": "Soirée du jeudi", "players": ["A B", "C"]}},
])
def test_every_line_written_reads_back_as_its_entry(entry, tmp_path):
    assert decode(encode(entry)[:-1], tmp_path / "journal") == entry


@pytest.mark.parametrize("line", [
    b"",
    b"0123abcd",
    b"0123abcd ",
    line_of(b'{"id":"0123abcd"}')[1:],  # seven digits
    b"0" + line_of(b'{"id":"0123abcd"}'),  # nine digits
    line_of(b'{"id":"0123abcd"}', zlib.crc32(b'{"id":"0123abcd"}') ^ 1),  # wrong checksum
    b"zzzzzzzz {}",
    b"-0000001 " + b'{"id":"0123abcd"}',
    line_of(b"\xff\xfe"),  # not UTF-8, right checksum
    line_of(b"{not json"),
    line_of(b"[" * 100_000),
    line_of(b'["0123abcd"]'),
    line_of(b'{"line":{}}'),
    line_of(b'{"id":19088743}'),
    line_of(b'{"id":"0123ABCD"}'),
    line_of(b'{"id":"0123abc"}'),
    line_of(b'{"id":"0123abcde"}'),
    line_of(b'{"id":"x0123abcd"}'),
    line_of(b'{"id":"0123abcd\\n"}'),
    line_of(b'{"id":"0123abcd","line":[1]}'),
    line_of(b'{"id":"0123abcd","line":null}'),
])
def test_a_line_that_is_not_a_checksummed_entry_is_damage(line, tmp_path):
    assert damaged(line, tmp_path)


def small_checksum_body() -> bytes:
    """An entry whose checksum is below 2**24, so Python also reads it as "0x" + 6 digits."""
    n = 0
    while zlib.crc32(b'{"id":"0123abcd","n":%d}' % n) >= 1 << 24:
        n += 1
    return b'{"id":"0123abcd","n":%d}' % n


def test_a_checksum_that_is_not_eight_hex_digits_is_damage_even_when_its_number_matches(
        tmp_path):
    body = small_checksum_body()
    crc = zlib.crc32(body)
    assert not damaged(b"%08x " % crc + body, tmp_path)
    # Python reads each of these as the same number: none is how a checksum is written.
    for text in (b"0x%06x" % crc, b" %07x" % crc, b"+%07x" % crc, b"%07x\n" % crc,
                 b"%08X" % crc if b"%08X" % crc != b"%08x" % crc else b"0X%06x" % crc):
        assert len(text) == 8 and int(text, 16) == crc
        assert damaged(text + b" " + body, tmp_path)


def test_no_journal_reads_as_none_and_an_empty_one_as_no_entries(tmp_path):
    journal = Journal(tmp_path / "index" / "journal")
    assert journal.read() is None and not journal.exists()
    journal.create()
    assert journal.exists() and journal.read() == {}
    assert journal.path.read_bytes() == b""


def test_a_folder_in_the_journals_place_is_damage(tmp_path):
    (tmp_path / "journal").mkdir()
    with pytest.raises(DamagedFile) as err:
        Journal(tmp_path / "journal").read()
    assert (err.value.path, err.value.reason) == (tmp_path / "journal", "garbage")


def test_the_last_entry_of_each_match_is_the_one_read(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.create()
    journal.append({"id": ID, "line": {"deals": 1}})
    journal.append({"id": "ffffffff", "line": {"deals": 5}})
    journal.append({"id": ID, "line": {"deals": 2}})
    assert journal.read() == {ID: {"id": ID, "line": {"deals": 2}},
                              "ffffffff": {"id": "ffffffff", "line": {"deals": 5}}}


def test_append_answers_the_journals_new_size(tmp_path):
    journal = Journal(tmp_path / "journal")
    assert journal.append({"id": ID}) is None and not journal.exists()
    journal.create()
    first = journal.append({"id": ID})
    assert first == len(encode({"id": ID})) == journal.path.stat().st_size
    second = journal.append({"id": ID, "line": {"deals": 1}})
    assert second == first + len(encode({"id": ID, "line": {"deals": 1}}))
    assert second == journal.path.stat().st_size


def test_creating_a_journal_that_exists_keeps_it(tmp_path):
    journal = Journal(tmp_path / "a" / "b" / "journal")
    journal.create()
    journal.append({"id": ID})
    journal.create()
    assert journal.read() == {ID: {"id": ID}}
    assert oct(journal.path.stat().st_mode & 0o777) == oct(0o644 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_torn_last_line_is_left_out_then_cut_off_by_the_next_append(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.create()
    journal.append({"id": ID, "line": {"deals": 1}})
    torn = encode({"id": ID, "line": {"deals": 2}})[:-5]
    with open(journal.path, "ab") as file:
        file.write(torn)
    assert journal.read() == {ID: {"id": ID, "line": {"deals": 1}}}
    size = journal.append({"id": "ffffffff"})
    whole = encode({"id": ID, "line": {"deals": 1}}) + encode({"id": "ffffffff"})
    assert journal.path.read_bytes() == whole and size == len(whole)


def test_only_the_torn_line_is_cut_off_after_several_whole_ones(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.create()
    for deals in (1, 2, 3):
        journal.append({"id": ID, "line": {"deals": deals}})
    whole = journal.path.read_bytes()
    with open(journal.path, "ab") as file:
        file.write(b"0123abcd {")
    journal.append({"id": "ffffffff"})
    assert journal.path.read_bytes() == whole + encode({"id": "ffffffff"})
    assert journal.read()[ID] == {"id": ID, "line": {"deals": 3}}


def test_a_journal_holding_only_a_torn_line_is_cut_to_nothing_before_the_append(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.path.write_bytes(b"0123")
    assert journal.read() == {}
    journal.append({"id": ID})
    assert journal.path.read_bytes() == encode({"id": ID})


def test_a_bad_line_before_the_last_is_damage(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.path.write_bytes(encode({"id": ID}) + b"garbage\n" + encode({"id": ID}))
    with pytest.raises(DamagedFile) as err:
        journal.read()
    assert (err.value.path, err.value.reason) == (journal.path, "garbage")


def test_a_long_line_is_appended_whole(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.create()
    entry = {"id": ID, "line": {"name": "é" * 300_000}}
    journal.append(entry)
    assert journal.read() == {ID: entry}


def test_reset_leaves_an_empty_journal_and_no_backup(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.create()
    journal.append({"id": ID})
    journal.reset()
    assert journal.read() == {} and sorted(os.listdir(tmp_path)) == ["journal"]


def test_a_line_the_system_takes_in_pieces_is_appended_whole(tmp_path, monkeypatch):
    journal = Journal(tmp_path / "journal")
    journal.create()
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:7])))
    entry = {"id": ID, "line": {"name": "Soirée du jeudi"}}
    assert journal.append(entry) == len(encode(entry))
    assert journal.path.read_bytes() == encode(entry)


def test_several_entries_appended_together_are_whole_lines_read_back_in_order(tmp_path):
    journal = Journal(tmp_path / "journal")
    journal.create()
    entries = [{"id": ID, "line": {"deals": 1}}, {"id": "ffffffff"}, {"id": ID}]
    size = journal.append_many(entries)
    assert journal.path.read_bytes() == b"".join(encode(e) for e in entries)
    assert size == journal.path.stat().st_size
    assert journal.read() == {ID: {"id": ID}, "ffffffff": {"id": "ffffffff"}}
