"""The window sizes at which the app's layout changes (docs/guide.md)."""

NARROW = 50  # columns up to which a screen is laid out for a phone (a `-narrow` screen)
SHORT = 20  # lines up to which a screen that asks for it is laid out short (a `-short` screen)
