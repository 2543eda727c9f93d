"""Make sure someone can log in: create a first admin with a generated password, once."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create an admin account with a generated password if no admin exists yet."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="admin")

    def handle(self, *args, username: str, **options) -> None:
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            self.stdout.write(
                "Log in at /admin/ with your admin account "
                "(forgotten the password? python manage.py changepassword USERNAME)."
            )
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(username=username, email="", password=password)
        line = "=" * 64
        self.stdout.write(
            self.style.SUCCESS(
                f"{line}\nCreated the first admin account. It is shown only this once:\n"
                f"    user:     {username}\n    password: {password}\n"
                f"Log in at /admin/ and change it there (or: python manage.py changepassword "
                f"{username}).\n{line}"
            )
        )
