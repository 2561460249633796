"""Build optle's Python package: the extension optle._optle over the C API.

The C library comes from the checkout this directory sits in: `make lib`
there builds its position-independent static archive (the library's own
build directory, build/<configuration>/pic/), which the extension links
whole, so the package needs no installed liboptle.  Only Debian's
python3-dev and python3-setuptools (and gcc, OpenMP, jansson: optle's
own build dependencies) are used; nothing is downloaded.

    pip install --no-build-isolation ./python      (or: make python)
"""
import os
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def make(*args):
    """Run make in the checkout; its output, stripped."""
    cmd = ["make", "--no-print-directory", "-s", "-C", ROOT, *args]
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout.strip()


class BuildExt(build_ext):
    """build_ext that first builds the C library (make lib) and links it."""

    def run(self):
        if not os.path.exists(os.path.join(ROOT, "include", "optle.h")):
            sys.exit("optle: python/ must sit in an optle checkout (include/optle.h not found)")
        env_lib = os.environ.get("OPTLE_LIB_DIR")
        libdir = env_lib or os.path.join(ROOT, make("lib-dir"))
        if not env_lib:
            print("optle: make lib (the C library, position-independent)", flush=True)
            subprocess.run(["make", "--no-print-directory", "-C", ROOT, "lib"], check=True,
                           stdout=sys.stderr)
        for ext in self.extensions:
            ext.include_dirs.append(os.path.join(ROOT, "include"))
            ext.extra_objects.append(os.path.join(libdir, "liboptle.a"))
        super().run()


setup(
    name="optle",
    version=open(os.path.join(ROOT, "VERSION")).read().strip(),
    description="Provably optimal Wordle strategies (optle's C library, from Python)",
    packages=["optle"],
    package_data={"optle": ["_optle.pyi", "py.typed"]},
    ext_modules=[
        Extension(
            "optle._optle",
            sources=["optle/_optle.c"],
            extra_compile_args=["-std=c11", "-fopenmp"],
            # The archive's own names stay inside the extension.
            extra_link_args=["-fopenmp", "-Wl,--exclude-libs,ALL"],
            libraries=["jansson", "m"],
        )
    ],
    cmdclass={"build_ext": BuildExt},
    python_requires=">=3.10",
)
