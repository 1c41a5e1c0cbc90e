-- Issue 19 (decision 028): the e-mails about one donation, found by an index.
--
-- The family's notice of a gift (`gift-to-player`, issue 18) is stored only when none was stored
-- for that donation yet. The test ran inside the completing transaction and read every e-mail sent
-- to the guardian's address (emails_to_idx), then filtered on meta->>'donationId': 2.5 ms per gift
-- once one parent had ~1,000 notices in the scale bench, and growing with every gift to a popular
-- player. With this index it is one lookup; the retention purge's search for the e-mails about
-- purged donations uses it too.
CREATE INDEX "emails_donation_idx" ON "emails" USING btree ((meta ->> 'donationId'));
