-- team_profiles was never read or written by the site.
DROP TABLE "team_profiles" CASCADE;
