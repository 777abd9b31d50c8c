"""One nickname rule (accounts.validators): 2 to 20 characters after normalization, compared by
an NFKC key, and never the username.

Existing nicknames are brought under the rule as it stands here. A nickname that equals the
username (User.save used to copy it), that the rule refuses now ("Robô 2", invisible
characters, mixed alphabets) or whose new key another, older account already has, is cleared:
that person shows as "Pessoa N" and the profile page asks for a nickname.
"""

from django.db import migrations, models



def apply_the_rule(apps, schema_editor):
    from django.core.exceptions import ValidationError

    from accounts.validators import nickname_key, normalize_nickname, validate_nickname

    User = apps.get_model("accounts", "User")
    people = User.objects.filter(removed_at=None)
    people.update(nickname_key=None)
    taken = set()
    for pk, username, nickname in people.order_by("pk").values_list("pk", "username", "nickname"):
        nickname = normalize_nickname(nickname)
        key = nickname_key(nickname)
        try:
            validate_nickname(nickname)
        except ValidationError:
            key = ""
        if not key or key == nickname_key(username) or key in taken:
            User.objects.filter(pk=pk).update(nickname="", nickname_key=None)
            continue
        taken.add(key)
        User.objects.filter(pk=pk).update(nickname=nickname, nickname_key=key)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0001_initial'),
    ]

    operations = [
        migrations.AlterField(
            model_name='user',
            name='nickname_key',
            field=models.CharField(editable=False, max_length=60, null=True, unique=True),
        ),
        migrations.RunPython(apply_the_rule, migrations.RunPython.noop),
    ]
