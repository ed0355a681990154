"""The history: the list of matches, their review, the chart, export and import."""
