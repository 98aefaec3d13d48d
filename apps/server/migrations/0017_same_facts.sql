-- Written by hand: a dropshipment's and a fulfillment's carrier and service are the reference's
-- tracking_company and service_level, one fact under two names (FieldDef.sameAs). Records written
-- before held it under one name only (ship stored the reference's trackingCompany as carrier): the
-- other name is filled in, and the record's updated_at moves with it (its ETag changes, and each record
-- filled in is one updated event). A record holding two different values keeps both as they are.

UPDATE dropshipments SET carrier = COALESCE(carrier, tracking_company), tracking_company = COALESCE(tracking_company, carrier), service = COALESCE(service, service_level), service_level = COALESCE(service_level, service), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE (carrier IS NULL) <> (tracking_company IS NULL) OR (service IS NULL) <> (service_level IS NULL);

UPDATE fulfillments SET carrier = COALESCE(carrier, tracking_company), tracking_company = COALESCE(tracking_company, carrier), service = COALESCE(service, service_level), service_level = COALESCE(service_level, service), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE (carrier IS NULL) <> (tracking_company IS NULL) OR (service IS NULL) <> (service_level IS NULL);
