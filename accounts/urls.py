from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("perfil/", views.profile, name="profile"),
    path("historico/", views.history, name="history"),
    path("meus-dados/", views.my_data, name="my_data"),
    path("excluir/", views.delete_account, name="delete"),
]
