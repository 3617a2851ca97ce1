"""Service-account key files made by the Latchkey CLI, as firebase-admin and google-auth read them."""

import os
import subprocess
import tempfile


def create_key_file(
    binary: str, client_id: str, store_args: list, public_url: str, directory: str = None, env: dict = None,
) -> str:
    """Runs `latchkey apps service-account create` and returns the path of the new key file
    (Google's service-account JSON, mode 0600) in `directory`, or in a fresh private one."""
    path = os.path.join(directory or tempfile.mkdtemp(prefix="latchkey-sa-"), f"service-account-{os.urandom(4).hex()}.json")
    subprocess.run(
        [binary, "apps", "service-account", "create", "--app", client_id, "--out", path, "--public-url", public_url]
        + store_args,
        check=True, capture_output=True, timeout=60, env=env,
    )
    return path


def revoke_key(binary: str, client_id: str, key_id: str, store_args: list) -> None:
    """Runs `latchkey apps service-account revoke`."""
    subprocess.run(
        [binary, "apps", "service-account", "revoke", "--app", client_id, key_id] + store_args,
        check=True, capture_output=True, timeout=60,
    )
