-- The attachment's original file name (issue 27): members receive `guide.v2.pdf`, not its storage key.
ALTER TABLE "step_mails" ADD COLUMN "file_name" text;
