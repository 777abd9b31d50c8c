from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from games import services
from games.models import Action, ChatMessage, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "robot", "team", "last_seen")
    readonly_fields = fields
    can_delete = False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "mode", "status", "is_public", "host", "version", "updated_at")
    list_filter = ("game", "status", "is_public", "mode")
    search_fields = ("id", "host__username", "host__nickname")
    readonly_fields = (
        "state",
        "version",
        "outcome",
        "invite_code",
        "deadline_at",
        "deadline_kind",
        "last_action_at",
        "created_at",
        "updated_at",
        "started_at",
        "finished_at",
    )
    inlines = [SeatInline]
    actions = ["close_tables"]

    @admin.action(description=_("Encerrar as mesas selecionadas"))
    def close_tables(self, request, queryset):
        for table in queryset:
            services.table_close(table_id=table.pk)
        messages.success(request, _("Mesas encerradas."))


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ("table", "version", "seat", "user", "created_at")
    list_filter = ("table__game",)
    search_fields = ("table__id",)
    readonly_fields = ("table", "version", "seat", "user", "action", "events", "cid", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("table", "user", "text", "created_at")
    search_fields = ("text", "user__nickname")
    list_filter = ("created_at",)
