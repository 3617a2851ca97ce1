"""Debian's Postfix as a local relay, in a temporary directory of its own: it listens on
127.0.0.1 (STARTTLS with a throwaway certificate, no AUTH: loopback clients may relay, as a
host's own relay is usually set up) and relays everything to `relay_to` (host, port) — the
"local Postfix" of docs/email.md. Needs root (Postfix's master drops to the `postfix` user) and
the `postfix` package installed but not configured (.ci/run preseeds "No configuration")."""

import os
import shutil
import socket
import subprocess
import tempfile
import time

MASTER_CF = "/etc/postfix/master.cf"


def available() -> bool:
    """Whether Postfix is installed and this process may start it."""
    return shutil.which("postfix") is not None and os.path.exists(MASTER_CF) and os.geteuid() == 0


class PostfixRelay:
    def __init__(self, relay_to: tuple, cert_file: str, key_file: str):
        self.relay_to = relay_to
        self.cert_file = cert_file
        self.key_file = key_file
        self.directory = None
        self.port = None
        self.process = None

    @property
    def config(self) -> str:
        return os.path.join(self.directory, "etc")

    def start(self) -> "PostfixRelay":
        self.directory = tempfile.mkdtemp(prefix="latchkey-postfix-")
        os.chmod(self.directory, 0o755)
        for name in ("etc", "spool", "data"):
            os.makedirs(os.path.join(self.directory, name))
        shutil.chown(os.path.join(self.directory, "data"), "postfix", "postfix")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self._write_master_cf()
        host, port = self.relay_to
        settings = {
            "compatibility_level": "3.6",
            "queue_directory": os.path.join(self.directory, "spool"),
            "data_directory": os.path.join(self.directory, "data"),
            "mail_owner": "postfix",
            "setgid_group": "postdrop",
            "inet_interfaces": "127.0.0.1",
            "inet_protocols": "ipv4",
            "myhostname": "relay.latchkey.test",
            "mydestination": "",
            "alias_maps": "",
            "alias_database": "",
            "relayhost": f"[{host}]:{port}",
            "mynetworks": "127.0.0.0/8",
            "smtpd_relay_restrictions": "permit_mynetworks, reject",
            "smtpd_tls_cert_file": self.cert_file,
            "smtpd_tls_key_file": self.key_file,
            "smtpd_tls_security_level": "may",
            "smtp_tls_security_level": "none",
            # Postfix logs to syslog, which a test machine may not run, or to a file through its
            # postlogd, which only a running Postfix has: standard output works for both.
            "maillog_file": "/dev/stdout",
        }
        with open(os.path.join(self.config, "main.cf"), "w") as handle:
            handle.writelines(f"{key} = {value}\n" for key, value in settings.items())
        subprocess.run(["postfix", "-c", self.config, "post-install", "create-missing"], check=True, capture_output=True, timeout=60)
        with open(self.log_file, "w") as log:
            self.process = subprocess.Popen(["postfix", "-c", self.config, "start-fg"], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                assert time.monotonic() < deadline, f"postfix did not listen: {self.log()}"
                time.sleep(0.1)

    def _write_master_cf(self) -> None:
        """Debian's services, with the SMTP listener moved to our loopback port and no chroot (the
        spool is in a temporary directory, not under /var/spool/postfix)."""
        lines = []
        for line in open(MASTER_CF):
            fields = line.split()
            if line[:1].isalnum() and len(fields) >= 8:
                if fields[0] == "smtp" and fields[1] == "inet":
                    fields[0] = f"127.0.0.1:{self.port}"
                fields[4] = "n"
                line = " ".join(fields) + "\n"
            lines.append(line)
        with open(os.path.join(self.config, "master.cf"), "w") as handle:
            handle.writelines(lines)

    @property
    def log_file(self) -> str:
        return os.path.join(self.directory, "maillog")

    def log(self) -> str:
        try:
            return open(self.log_file).read()
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process is None:
            return
        subprocess.run(["postfix", "-c", self.config, "abort"], capture_output=True, timeout=30)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None
        shutil.rmtree(self.directory, ignore_errors=True)
