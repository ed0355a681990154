"""Statistics: players, seasons, records and head to head."""
