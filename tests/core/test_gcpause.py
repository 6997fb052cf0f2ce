import gc
import subprocess
import sys

import pytest

from fsctl.gcpause import paused_gc


def test_pauses_and_restores_even_on_error() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), paused_gc():
        assert not gc.isenabled()
        raise RuntimeError
    assert gc.isenabled()


def test_leaves_a_disabled_collector_disabled() -> None:
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_run_and_exit_flushes_everything_and_keeps_the_code() -> None:
    # buffered output on both streams must survive os._exit, and the collector stays off throughout
    script = (
        "import gc, sys\n"
        "from fsctl.gcpause import run_and_exit\n"
        "def run():\n"
        "    sys.stdout.write('o' * 100_001)\n"
        "    sys.stderr.write('e' * 10 + str(gc.isenabled()))\n"
        "    return 3\n"
        "run_and_exit(run)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert (done.returncode, len(done.stdout), done.stderr) == (3, 100_001, "e" * 10 + "False")
