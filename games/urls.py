from django.urls import path

from games import replays, views

app_name = "games"

urlpatterns = [
    path("jogar/", views.lobby, name="lobby"),
    path("jogar/<slug:slug>/", views.lobby, name="lobby_game"),
    path("jogar/<slug:slug>/nova/", views.table_new, name="table_new"),
    path("jogar/<slug:slug>/contra-robo/", views.quick_robot_duel, name="robot_duel"),
    path("mesa/<int:table_id>/", views.table, name="table"),
    path("mesa/<int:table_id>/convite/<str:code>/", views.invite, name="invite"),
    path("mesa/<int:table_id>/convite/<str:code>/<int:team>/", views.invite, name="invite_team"),
    path("mesa/<int:table_id>/replay/", replays.replay, name="replay"),
]
