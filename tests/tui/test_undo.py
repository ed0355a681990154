"""The score sheet's undo log, on its own (no app)."""

from scorekeeper.tui.sheet.undo import AddDeal, EditDeal, UndoLog


def test_undo_then_redo_gives_back_the_same_changes_in_order():
    log = UndoLog()
    first, second = AddDeal(1, (4, 3, 3)), EditDeal(1, (4, 3, 3), (5, 3, 2))
    log.did(first)
    log.did(second)
    assert log.next_undo() == second
    log.undid(second)
    assert log.next_undo() == first
    log.undid(first)
    assert log.next_undo() is None
    assert log.next_redo() == first
    log.redid(first)
    assert log.next_redo() == second  # redoing one keeps the rest redoable
    log.redid(second)
    assert log.next_redo() is None
    assert log.undo == [first, second]


def test_a_new_change_forgets_what_could_be_redone():
    log = UndoLog()
    log.did(AddDeal(1, (4, 3, 3)))
    log.undid(log.next_undo())
    log.did(AddDeal(1, (2, 2, 6)))
    assert log.next_redo() is None
    assert log.undo == [AddDeal(1, (2, 2, 6))]


def test_clear_forgets_both_ways():
    log = UndoLog()
    log.did(AddDeal(1, (4, 3, 3)))
    log.did(AddDeal(2, (3, 3, 4)))
    log.undid(log.next_undo())
    log.clear()
    assert log.next_undo() is None and log.next_redo() is None
