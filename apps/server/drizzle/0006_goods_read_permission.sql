-- goods:read (商品查看) is new: the roles that work on goods (运营, 质管, 仓库) get it once, here.
-- Afterwards roles are data the console edits.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "id", 'goods:read' FROM "roles" WHERE "code" IN ('operations', 'quality', 'warehouse')
ON CONFLICT DO NOTHING;
