"""The play engine and the bots stay pure: no Textual, TinyDB, Rich or numpy on import."""

import subprocess
import sys

CHECK = """
import sys
import scorekeeper.rules.cards, scorekeeper.rules.play, scorekeeper.rules.audit
import scorekeeper.sim.bots, scorekeeper.sim.deals, scorekeeper.sim.match, scorekeeper.sim.odds
bad = [m for m in ("textual", "tinydb", "rich", "numpy", "scorekeeper.store", "scorekeeper.cli")
       if m in sys.modules]
print(",".join(bad))
"""


def test_engine_and_bots_import_nothing_heavy():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


def test_simulate_and_verify_do_not_load_textual():
    code = ("import sys; from scorekeeper.cli import main; "
            "main(['simulate', '--seed', '1', '--json']); "
            "print('textual' in sys.modules, 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip().splitlines()[-1] == "False False"
