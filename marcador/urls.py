from django.urls import path

from marcador import views

app_name = "marcador"

urlpatterns = [
    path("yams/marcador/", views.sheet, name="sheet"),
    path("yams/marcador/<int:sheet_id>/", views.saved, name="saved"),
]
