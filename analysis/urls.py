from django.urls import path

from analysis import views

app_name = "analysis"

urlpatterns = [
    path("mesa/<int:table_id>/analise/", views.analysis, name="table"),
]
