"""A writer process for the crash and concurrency tests (run as a module,
`tests.store.writer`, not collected)."""

import sys

from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text
from scorekeeper.store import History

DEALS = [(4, 3, 3), (3, 4, 3), (3, 3, 4), (2, 4, 4), (5, 2, 3), (1, 6, 3), (6, 1, 3)]


def stream(folder: str, match_id: str, journal_limit: str = "") -> None:
    """Add the DEALS sequence forever, continuing where the match is; print each ack.

    A small `journal_limit` (bytes) makes the writer compact the index journal often.
    """
    history = History(folder)
    if journal_limit:
        history.journal_limit = int(journal_limit)
    count = len(history.get(match_id).match.deals)
    print("ready", flush=True)
    while True:
        deal = DEALS[count % len(DEALS)]
        history.add_deal(match_id, deal)
        count += 1
        print(f"ok {count}", flush=True)


def compete(folder: str, match_id: str, worker: int, times: int) -> None:
    """Like a window: read the revision, then add a deal based on that view."""
    history = History(folder)
    for i in range(times):
        deal = DEALS[(worker + i) % len(DEALS)]
        try:
            seen = history.revision(match_id)
            stored = history.add_deal(match_id, deal, expected_revision=seen)
        except VicaireError as exc:
            print(f"refused {exc.code} {error_text(exc, 'en')}", flush=True)
            continue
        print(f"ok {stored.revision} {' '.join(map(str, deal))}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "stream":
        stream(*sys.argv[2:5])
    else:
        compete(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
