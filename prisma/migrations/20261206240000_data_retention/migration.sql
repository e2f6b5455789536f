-- Data retention (docs/decisions/124-retention-and-a-persons-data.md): a client workspace's own number of
-- days (null: the agency's default), and on an agency row its default and maximum for its clients.
ALTER TABLE "teams" ADD COLUMN "data_retention_days" INTEGER;
ALTER TABLE "teams" ADD COLUMN "data_retention_default_days" INTEGER;
ALTER TABLE "teams" ADD COLUMN "data_retention_max_days" INTEGER;
