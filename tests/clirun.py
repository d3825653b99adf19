"""The CLI run in this process with typer's CliRunner: the same commands and error handling as the console
script, without a new interpreter per call. Used by the `run_cli` fixture and by test_build's `run`."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass
class CliResult:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    def json(self):
        return json.loads(self.stdout)

    def __str__(self) -> str:  # shown by pytest when an assertion about the result fails
        return (f"evacmap {' '.join(self.args)} -> exit {self.returncode}\n--- stdout\n{self.stdout[:3000]}\n"
                f"--- stderr\n{self.stderr[:3000]}")


def invoke(*args, env: dict[str, str] | None = None, cwd: Path | None = None) -> CliResult:
    """`evacmap ARGS` in this process, with `env` applied to os.environ for the call. One worker unless `env`
    asks for more: forking the test runner (xdist's threads) is not what users do."""
    from typer.testing import CliRunner

    from evacmap.maps.cli import app

    full_env: dict[str, str | None] = {"EVACMAP_NOMINATIM_URL": None, "EVACMAP_DEBUG": None, "EVACMAP_WORKERS": "1"}
    full_env.update(env or {})
    here = Path.cwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        result = CliRunner().invoke(app, [str(a) for a in args], env=full_env)
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return CliResult(tuple(map(str, args)), result.exit_code, result.stdout, result.stderr)
