CREATE TABLE "donor_name_words" (
	"user_id" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "donor_name_words_user_id_word_pk" PRIMARY KEY("user_id","word")
);
--> statement-breakpoint
ALTER TABLE "donor_name_words" ADD CONSTRAINT "donor_name_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_name_words_prefix_idx" ON "donor_name_words" USING btree ("word" text_pattern_ops,"user_id");--> statement-breakpoint
CREATE INDEX "donor_profiles_mobile_suffix_idx" ON "donor_profiles" USING btree (reverse("mobile") text_pattern_ops);
--> statement-breakpoint
-- Folds Vietnamese for search: NFC, the letters with diacritics to their base letter (đ to d),
-- lower case. The application folds what staff type the same way (foldVietnamese, contract).
CREATE FUNCTION "vn_fold"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(normalize(input, NFC),
    'ÀÁẠẢÃÂẦẤẬẨẪĂẰẮẶẲẴÈÉẸẺẼÊỀẾỆỂỄÌÍỊỈĨÒÓỌỎÕÔỒỐỘỔỖƠỜỚỢỞỠÙÚỤỦŨƯỪỨỰỬỮỲÝỴỶỸĐàáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ',
    'AAAAAAAAAAAAAAAAAEEEEEEEEEEEIIIIIOOOOOOOOOOOOOOOOOUUUUUUUUUUUYYYYYDaaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyyd'))
$$;--> statement-breakpoint
-- Keeps donor_name_words equal to the words of donor_profiles.full_name, whatever writes it.
CREATE FUNCTION "donor_name_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.full_name IS NOT DISTINCT FROM OLD.full_name THEN
    RETURN NEW;
  END IF;
  DELETE FROM donor_name_words WHERE user_id = NEW.user_id;
  INSERT INTO donor_name_words (user_id, word)
    SELECT DISTINCT NEW.user_id, w FROM regexp_split_to_table(vn_fold(coalesce(NEW.full_name, '')), '[^a-z0-9]+') AS w
    WHERE w <> ''
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "donor_profiles_name_words" AFTER INSERT OR UPDATE OF full_name ON "donor_profiles"
  FOR EACH ROW EXECUTE FUNCTION "donor_name_words_sync"();--> statement-breakpoint
INSERT INTO donor_name_words (user_id, word)
  SELECT DISTINCT p.user_id, w FROM donor_profiles p, regexp_split_to_table(vn_fold(coalesce(p.full_name, '')), '[^a-z0-9]+') AS w
  WHERE w <> ''
  ON CONFLICT DO NOTHING;
