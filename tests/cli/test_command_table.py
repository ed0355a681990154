"""A run builds the parsers of its own command's module only: the table that says which
module has which command is the one the modules register, and a run finds its command
only where argparse would."""

from __future__ import annotations

from scorekeeper.cli import COMMANDS, build_parser, command_of


def test_the_table_names_the_module_that_registers_each_command():
    assert set(build_parser(lang="en").subcommands) == set(COMMANDS)
    for name, module in COMMANDS.items():
        built = build_parser(lang="fr", command=name).subcommands
        assert set(built) == {other for other, its in COMMANDS.items() if its == module}


def test_the_command_is_found_after_the_apps_options_only():
    assert command_of(["add", "4", "3", "3"]) == "add"
    assert command_of(["--lang", "fr", "--db", "add", "show", "1"]) == "show"
    assert command_of(["--lang=fr", "--board", "history", "--json"]) == "history"
    for whole in ([], ["--help", "add"], ["--version"], ["--la", "fr", "add"], ["nosuch"],
                  ["--lang"], ["-h"], ["--db", "x"]):
        assert command_of(whole) is None, whole
