"""The batch engine behind `vicaire simulate --summary`: the same splits as the plain engine."""

from collections import Counter

from scorekeeper.sim.deals import simulate_deals


def random_splits(seed: int, count: int, **kwargs) -> Counter:
    """The batch engine's splits. Imported when a test runs, not as the test processes
    collect: the engine imports numpy (about 0.1 s of processor time in each of them)."""
    from scorekeeper.sim.batch import random_splits as batch

    return batch(seed, count, **kwargs)


def _shares(splits: Counter) -> dict[tuple[int, ...], float]:
    total = sum(splits.values())
    return {split: n / total for split, n in splits.items()}


def test_splits_are_whole_deals_and_follow_the_seed():
    splits = random_splits(7, 12_345, chunk=1000)
    assert sum(splits.values()) == 12_345
    for split in splits:
        assert sum(split) == 10 and list(split) == sorted(split, reverse=True)
    assert random_splits(7, 12_345, chunk=1000) == splits
    assert random_splits(8, 12_345, chunk=1000) != splits
    assert random_splits(-7, 500) == random_splits(7, 500)  # as Python's random takes it


def test_batch_splits_agree_with_the_plain_engine():
    plain = _shares(Counter(tuple(sorted(r.counts, reverse=True))
                            for r in simulate_deals(3, 10_000)))
    batch = _shares(random_splits(3, 60_000))
    assert set(batch) >= set(plain)
    for split in set(plain) | set(batch):
        # About 4 standard errors of the difference on the most common split (22%).
        assert abs(batch.get(split, 0) - plain.get(split, 0)) < 0.018, split
