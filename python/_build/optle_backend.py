"""An in-tree PEP 517 backend: builds optle's wheel with setuptools alone.

setuptools before 70.1 needs the separate `wheel` package to build a
wheel (bdist_wheel), which not every interpreter has (Debian's python3
does, through python3-wheel; a pyenv or self-built one may not), and
nothing may be downloaded here.  This backend asks setuptools to build
the package (setup.py build: the extension and the Python files) and
zips the result as a wheel itself: a wheel is a zip file with a
.dist-info directory (METADATA, WHEEL, RECORD).  So

    pip install --no-build-isolation ./python

needs setuptools and a C compiler, nothing more.
"""
import base64
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "optle"


def _version():
    with open(os.path.join(os.path.dirname(HERE), "VERSION")) as f:
        return f.read().strip()


def _tag():
    impl = sys.implementation.name
    ver = f"{sys.version_info.major}{sys.version_info.minor}"
    py = ("cp" if impl == "cpython" else impl[:2]) + ver
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{py}-{py}-{plat}"


def _metadata():
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\n"
            "Summary: Provably optimal Wordle strategies (optle's C library, from Python)\n"
            "Requires-Python: >=3.10\n")


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = f"{NAME}-{_version()}.dist-info"
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w") as f:
        f.write(_metadata())
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    tmp = tempfile.mkdtemp(prefix="optle-wheel-")
    try:
        lib = os.path.join(tmp, "lib")
        subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", lib,
                        "build_ext", "--build-lib", lib, "--build-temp",
                        os.path.join(tmp, "temp")], cwd=HERE, check=True, stdout=sys.stderr)
        info = f"{NAME}-{_version()}.dist-info"
        wheel = f"{NAME}-{_version()}-{_tag()}.whl"
        files = {f"{info}/METADATA": _metadata().encode(),
                 f"{info}/WHEEL": (f"Wheel-Version: 1.0\nGenerator: optle_backend\n"
                                   f"Root-Is-Purelib: false\nTag: {_tag()}\n").encode()}
        for d, _, names in os.walk(lib):
            for n in sorted(names):
                p = os.path.join(d, n)
                with open(p, "rb") as f:
                    files[os.path.relpath(p, lib).replace(os.sep, "/")] = f.read()
        record = []
        for name, data in files.items():
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={digest.decode()},{len(data)}")
        record.append(f"{info}/RECORD,,")
        files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
        path = os.path.join(wheel_directory, wheel)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in files.items():
                z.writestr(name, data)
        return wheel
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
