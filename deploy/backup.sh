#!/bin/sh
# Uma cópia de segurança do PostgreSQL do site (bozo-backup.service a roda uma vez por dia).
#
# pg_dump -Fc do DATABASE_URL para BACKUP_DIR/bozo-AAAAMMDDTHHMMSSZ.dump, e apaga as cópias com
# mais de BACKUP_KEEP_DAYS dias. O arquivo só ganha o nome final quando o pg_dump termina bem:
# uma cópia interrompida nunca se parece com uma cópia boa. Use o pg_dump da mesma versão
# principal do servidor (ou mais nova). Para restaurar, veja "Cópias de segurança" no README.
set -eu

: "${DATABASE_URL:?defina DATABASE_URL (postgres://usuario:senha@servidor:5432/banco)}"
dir=${BACKUP_DIR:-/var/lib/bozo/backups}
keep=${BACKUP_KEEP_DAYS:-14}

mkdir -p "$dir"
name="bozo-$(date -u +%Y%m%dT%H%M%SZ).dump"
partial="$dir/.$name.partial"
trap 'rm -f "$partial"' EXIT
pg_dump --format=custom --file="$partial" --dbname="$DATABASE_URL"
mv "$partial" "$dir/$name"
find "$dir" -maxdepth 1 -name 'bozo-*.dump' -type f -mmin +$((keep * 24 * 60)) -delete
echo "$dir/$name"
