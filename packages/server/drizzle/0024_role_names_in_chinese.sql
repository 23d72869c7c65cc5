-- The two built-in roles are named in Chinese, as the console shows them: role 1 超级管理员 (full access), role 2 客户
-- (a factory's user). Only a row still holding the seeded English name is renamed, and only while no other role
-- already has the new name (role names are unique): a name someone chose stays.
UPDATE "role" SET "name" = '超级管理员', "updated_at" = now()
WHERE "id" = 1 AND "name" = 'admin' AND NOT EXISTS (SELECT 1 FROM "role" "other" WHERE "other"."name" = '超级管理员');--> statement-breakpoint
UPDATE "role" SET "name" = '客户', "updated_at" = now()
WHERE "id" = 2 AND "name" = 'customer' AND NOT EXISTS (SELECT 1 FROM "role" "other" WHERE "other"."name" = '客户');
