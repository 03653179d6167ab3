"""Test support: starters as tests make them, solved (bloom-make-starters --solved) and built
with CMake, the way a student's folder is built."""
import pathlib
import subprocess


def solved_starters(make_starters, root, out, exercise=None):
    """Writes the solved starter of `exercise` (every exercise when None) of the kit at `root`
    into `out`/EXERCISE/; returns `out`."""
    only = ["--exercise", exercise] if exercise else []
    subprocess.run([make_starters, "--root", root, "--solved", *only, "--out", out], check=True,
                   stdout=subprocess.DEVNULL)
    return pathlib.Path(out)


def cmake_build(folder, cmake="cmake", configure=(), execute=None, env=None):
    """Configures and builds `folder` into `folder`/build with warnings as errors (as the kit's
    own CI; students build without -Werror). `execute` runs each command (default: here, output
    hidden); platform tests pass one that runs it in another root or toolchain."""
    build = pathlib.Path(folder) / "build"
    steps = [[cmake, "-S", folder, "-B", build, "-DCMAKE_CXX_FLAGS=-Werror", *configure],
             [cmake, "--build", build, "-j", "2"]]
    for step in steps:
        if execute:
            execute(step, env=env)
        else:
            subprocess.run(step, check=True, stdout=subprocess.DEVNULL, env=env)
    return build
