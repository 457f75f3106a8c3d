-- Reference data: the two roles the API knows (the brief's API contract). Users start as 'user'.
INSERT INTO "roles" ("name", "description") VALUES
  ('user', 'Jugador'),
  ('admin', 'Administrador')
ON CONFLICT ("name") DO NOTHING;
