"""The score sheet: where deals are typed, with its entry, undo log, words and widgets."""
