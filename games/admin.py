"""The admin reads tables and acts only through the services: it closes tables and deletes chat
messages, never edits a game."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from games import chat, services
from games.models import Action, ChatMessage, Deadline, Seat, Table


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = (
        "index", "user", "robot", "autopilot", "robot_played", "team", "connected", "last_seen",
        "muted",
    )  # fmt: skip
    readonly_fields = fields


class DeadlineInline(ReadOnlyInline):
    model = Deadline
    fields = ("kind", "seat", "due")
    readonly_fields = fields


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "mode", "status", "is_public", "host", "version", "updated_at")
    list_filter = ("game", "status", "is_public", "mode")
    search_fields = ("id", "host__username", "host__nickname")
    fields = (
        "game", "mode", "options", "status", "is_public", "host", "version", "state_version",
        "state", "outcome", "queue", "move_seconds", "fast_robots", "claim_open", "invite_code",
        "next_table", "last_action_at", "created_at", "updated_at", "started_at", "finished_at",
    )  # fmt: skip
    readonly_fields = fields
    inlines = [SeatInline, DeadlineInline]
    actions = ["close_tables"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False  # the page shows everything; changes go through the action below

    @admin.action(description=_("Encerrar as mesas selecionadas"), permissions=["view"])
    def close_tables(self, request, queryset):
        for table in queryset:
            services.table_close(table_id=table.pk)
        messages.success(request, _("Mesas encerradas."))


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ("table", "version", "seat", "user", "created_at")
    list_filter = ("table__game",)
    search_fields = ("table__id",)
    readonly_fields = (
        "table", "version", "seat", "user", "action", "events", "state", "cid", "created_at",
    )  # fmt: skip

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("table", "user", "text", "created_at")
    search_fields = ("text", "user__nickname")
    list_filter = ("created_at",)
    readonly_fields = ("table", "user", "text", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def delete_model(self, request, obj):
        chat.delete(message_ids=[obj.pk])

    def delete_queryset(self, request, queryset):
        chat.delete(message_ids=list(queryset.values_list("pk", flat=True)))
