"""`vicaire simulate --summary` with random bots plays on the batch engine: the same shape,
the same bytes for the same seed (but for the speed), any seed accepted."""


from tests.cli.runner import run_vicaire


def _summary(*args: str) -> list[str]:
    out = run_vicaire(["simulate", "--summary",
                       "--lang", "en", *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return out.stdout.splitlines()


def _but_speed(lines: list[str]) -> list[str]:
    assert lines[-1].startswith("Deals per second: ")
    return lines[:-1]


def test_summary_shape_and_same_seed_same_lines():
    lines = _summary("--seed", "5", "--deals", "20000")
    assert lines[0] == "20000 deals · bots random · seed 5"
    assert lines[1] == "Trick splits (most tricks first):"
    rows = [line.split() for line in lines[2:-2]]
    assert sum(int(n) for _split, n, _share in rows) == 20000
    assert rows[0][0] == "5-3-2"  # the most common split comes first
    assert lines[-2].startswith("Sweeps (10 tricks): ")
    assert _but_speed(_summary("--seed", "5", "--deals", "20000")) == _but_speed(lines)
    assert _but_speed(_summary("--seed", "6", "--deals", "20000")) != _but_speed(lines)


def test_negative_seed_and_target_bots():
    assert _summary("--seed", "-5", "--deals", "300")[0] == "300 deals · bots random · seed -5"
    target = _summary("--seed", "5", "--deals", "300", "--bots", "target")
    assert target[0] == "300 deals · bots target · seed 5" and "Sweeps" in target[-2]
