"""The nickname column holds what the rule allows: 20 characters (see 0002_nickname_rule).

Apart from 0002 so that PostgreSQL alters the table in a transaction of its own, after the
data step's updates.
"""

from django.db import migrations, models

import accounts.validators
import django.core.validators


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_nickname_rule'),
    ]

    operations = [
        migrations.AlterField(
            model_name='user',
            name='nickname',
            field=models.CharField(blank=True, max_length=20, validators=[accounts.validators.validate_nickname], verbose_name='apelido'),
        ),
        migrations.AlterField(
            model_name='user',
            name='username',
            field=models.CharField(error_messages={'unique': 'Já existe uma conta com este nome de usuário.'}, help_text='Para entrar no site; ninguém mais vê. De 3 a 20 caracteres, sem espaços.', max_length=150, unique=True, validators=[django.core.validators.RegexValidator('^[A-Za-z0-9_-]{3,20}\\Z', 'Use de 3 a 20 caracteres: letras sem acento, números, hífen (-) ou sublinhado (_), sem espaços.', code='invalid_username')], verbose_name='nome de usuário'),
        ),
    ]
