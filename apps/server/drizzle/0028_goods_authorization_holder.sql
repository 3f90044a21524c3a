-- 上市许可持有人 (drugs) / 注册人 (devices), printed on the 随货同行单. Existing goods start empty (the
-- note prints —) rather than a guess: the holder is often not the maker; the console or an import
-- fills it in.
ALTER TABLE "goods" ADD COLUMN "authorization_holder" text DEFAULT '' NOT NULL;
