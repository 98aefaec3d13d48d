-- Record ids are never given again. A table whose id is SQLite's row id without AUTOINCREMENT gives a new
-- row the highest id plus one: deleting a kind's newest record made the next record (of any company) get
-- its id, and what named the deleted one (an event, an error's subject, a delivery) then named the new.
-- Every such table but companies (never deleted, and the parent of foreign keys) is copied into one whose
-- id is AUTOINCREMENT: the same columns, rows and ids, then its indexes; the triggers, dropped first
-- (a table's go with it, and a rename checks every trigger), are made again at the end.
-- Written from the schema that migrations 0001 to 0030 make, as sqlite_master holds it.


DROP TRIGGER IF EXISTS accounting_payloads_event_created;

DROP TRIGGER IF EXISTS accounting_payloads_event_updated;

DROP TRIGGER IF EXISTS accounting_payloads_event_deleted;

DROP TRIGGER IF EXISTS address_validations_event_created;

DROP TRIGGER IF EXISTS address_validations_event_updated;

DROP TRIGGER IF EXISTS address_validations_event_deleted;

DROP TRIGGER IF EXISTS adjustments_event_created;

DROP TRIGGER IF EXISTS adjustments_event_updated;

DROP TRIGGER IF EXISTS adjustments_event_deleted;

DROP TRIGGER IF EXISTS adjustment_reasons_event_created;

DROP TRIGGER IF EXISTS adjustment_reasons_event_updated;

DROP TRIGGER IF EXISTS adjustment_reasons_event_deleted;

DROP TRIGGER IF EXISTS agreements_event_created;

DROP TRIGGER IF EXISTS agreements_event_updated;

DROP TRIGGER IF EXISTS agreements_event_deleted;

DROP TRIGGER IF EXISTS allowed_tags_event_created;

DROP TRIGGER IF EXISTS allowed_tags_event_updated;

DROP TRIGGER IF EXISTS allowed_tags_event_deleted;

DROP TRIGGER IF EXISTS bundle_variants_event_created;

DROP TRIGGER IF EXISTS bundle_variants_event_updated;

DROP TRIGGER IF EXISTS bundle_variants_event_deleted;

DROP TRIGGER IF EXISTS carriers_event_created;

DROP TRIGGER IF EXISTS carriers_event_updated;

DROP TRIGGER IF EXISTS carriers_event_deleted;

DROP TRIGGER IF EXISTS carrier_pickups_event_created;

DROP TRIGGER IF EXISTS carrier_pickups_event_updated;

DROP TRIGGER IF EXISTS carrier_pickups_event_deleted;

DROP TRIGGER IF EXISTS channels_event_created;

DROP TRIGGER IF EXISTS channels_event_updated;

DROP TRIGGER IF EXISTS channels_event_deleted;

DROP TRIGGER IF EXISTS channel_commission_rates_event_created;

DROP TRIGGER IF EXISTS channel_commission_rates_event_updated;

DROP TRIGGER IF EXISTS channel_commission_rates_event_deleted;

DROP TRIGGER IF EXISTS channel_custom_fields_event_created;

DROP TRIGGER IF EXISTS channel_custom_fields_event_updated;

DROP TRIGGER IF EXISTS channel_custom_fields_event_deleted;

DROP TRIGGER IF EXISTS channel_dropship_locations_event_created;

DROP TRIGGER IF EXISTS channel_dropship_locations_event_updated;

DROP TRIGGER IF EXISTS channel_dropship_locations_event_deleted;

DROP TRIGGER IF EXISTS channel_dropship_provider_tax_rates_event_created;

DROP TRIGGER IF EXISTS channel_dropship_provider_tax_rates_event_updated;

DROP TRIGGER IF EXISTS channel_dropship_provider_tax_rates_event_deleted;

DROP TRIGGER IF EXISTS channel_price_lists_event_created;

DROP TRIGGER IF EXISTS channel_price_lists_event_updated;

DROP TRIGGER IF EXISTS channel_price_lists_event_deleted;

DROP TRIGGER IF EXISTS channel_products_event_created;

DROP TRIGGER IF EXISTS channel_products_event_updated;

DROP TRIGGER IF EXISTS channel_products_event_deleted;

DROP TRIGGER IF EXISTS channel_shipment_updates_event_created;

DROP TRIGGER IF EXISTS channel_shipment_updates_event_updated;

DROP TRIGGER IF EXISTS channel_shipment_updates_event_deleted;

DROP TRIGGER IF EXISTS channel_shipping_rates_event_created;

DROP TRIGGER IF EXISTS channel_shipping_rates_event_updated;

DROP TRIGGER IF EXISTS channel_shipping_rates_event_deleted;

DROP TRIGGER IF EXISTS channel_sites_event_created;

DROP TRIGGER IF EXISTS channel_sites_event_updated;

DROP TRIGGER IF EXISTS channel_sites_event_deleted;

DROP TRIGGER IF EXISTS channel_variants_event_created;

DROP TRIGGER IF EXISTS channel_variants_event_updated;

DROP TRIGGER IF EXISTS channel_variants_event_deleted;

DROP TRIGGER IF EXISTS channel_variant_updates_event_created;

DROP TRIGGER IF EXISTS channel_variant_updates_event_updated;

DROP TRIGGER IF EXISTS channel_variant_updates_event_deleted;

DROP TRIGGER IF EXISTS comments_event_created;

DROP TRIGGER IF EXISTS comments_event_updated;

DROP TRIGGER IF EXISTS comments_event_deleted;

DROP TRIGGER IF EXISTS company_clients_event_created;

DROP TRIGGER IF EXISTS company_clients_event_updated;

DROP TRIGGER IF EXISTS company_clients_event_deleted;

DROP TRIGGER IF EXISTS company_referrals_event_created;

DROP TRIGGER IF EXISTS company_referrals_event_updated;

DROP TRIGGER IF EXISTS company_referrals_event_deleted;

DROP TRIGGER IF EXISTS company_settings_event_created;

DROP TRIGGER IF EXISTS company_settings_event_updated;

DROP TRIGGER IF EXISTS company_settings_event_deleted;

DROP TRIGGER IF EXISTS currencies_event_created;

DROP TRIGGER IF EXISTS currencies_event_updated;

DROP TRIGGER IF EXISTS currencies_event_deleted;

DROP TRIGGER IF EXISTS custom_fields_event_created;

DROP TRIGGER IF EXISTS custom_fields_event_updated;

DROP TRIGGER IF EXISTS custom_fields_event_deleted;

DROP TRIGGER IF EXISTS custom_field_dropship_providers_event_created;

DROP TRIGGER IF EXISTS custom_field_dropship_providers_event_updated;

DROP TRIGGER IF EXISTS custom_field_dropship_providers_event_deleted;

DROP TRIGGER IF EXISTS custom_field_dropshipments_event_created;

DROP TRIGGER IF EXISTS custom_field_dropshipments_event_updated;

DROP TRIGGER IF EXISTS custom_field_dropshipments_event_deleted;

DROP TRIGGER IF EXISTS custom_field_dropshipment_items_event_created;

DROP TRIGGER IF EXISTS custom_field_dropshipment_items_event_updated;

DROP TRIGGER IF EXISTS custom_field_dropshipment_items_event_deleted;

DROP TRIGGER IF EXISTS custom_field_purchases_event_created;

DROP TRIGGER IF EXISTS custom_field_purchases_event_updated;

DROP TRIGGER IF EXISTS custom_field_purchases_event_deleted;

DROP TRIGGER IF EXISTS custom_field_purchase_items_event_created;

DROP TRIGGER IF EXISTS custom_field_purchase_items_event_updated;

DROP TRIGGER IF EXISTS custom_field_purchase_items_event_deleted;

DROP TRIGGER IF EXISTS custom_field_resellers_event_created;

DROP TRIGGER IF EXISTS custom_field_resellers_event_updated;

DROP TRIGGER IF EXISTS custom_field_resellers_event_deleted;

DROP TRIGGER IF EXISTS custom_field_sales_event_created;

DROP TRIGGER IF EXISTS custom_field_sales_event_updated;

DROP TRIGGER IF EXISTS custom_field_sales_event_deleted;

DROP TRIGGER IF EXISTS custom_field_sale_items_event_created;

DROP TRIGGER IF EXISTS custom_field_sale_items_event_updated;

DROP TRIGGER IF EXISTS custom_field_sale_items_event_deleted;

DROP TRIGGER IF EXISTS custom_field_sale_returns_event_created;

DROP TRIGGER IF EXISTS custom_field_sale_returns_event_updated;

DROP TRIGGER IF EXISTS custom_field_sale_returns_event_deleted;

DROP TRIGGER IF EXISTS custom_field_sale_return_items_event_created;

DROP TRIGGER IF EXISTS custom_field_sale_return_items_event_updated;

DROP TRIGGER IF EXISTS custom_field_sale_return_items_event_deleted;

DROP TRIGGER IF EXISTS custom_field_scopes_event_created;

DROP TRIGGER IF EXISTS custom_field_scopes_event_updated;

DROP TRIGGER IF EXISTS custom_field_scopes_event_deleted;

DROP TRIGGER IF EXISTS custom_field_variants_event_created;

DROP TRIGGER IF EXISTS custom_field_variants_event_updated;

DROP TRIGGER IF EXISTS custom_field_variants_event_deleted;

DROP TRIGGER IF EXISTS custom_field_vendors_event_created;

DROP TRIGGER IF EXISTS custom_field_vendors_event_updated;

DROP TRIGGER IF EXISTS custom_field_vendors_event_deleted;

DROP TRIGGER IF EXISTS customers_event_created;

DROP TRIGGER IF EXISTS customers_event_updated;

DROP TRIGGER IF EXISTS customers_event_deleted;

DROP TRIGGER IF EXISTS customer_addresses_event_created;

DROP TRIGGER IF EXISTS customer_addresses_event_updated;

DROP TRIGGER IF EXISTS customer_addresses_event_deleted;

DROP TRIGGER IF EXISTS data_exports_event_created;

DROP TRIGGER IF EXISTS data_exports_event_updated;

DROP TRIGGER IF EXISTS data_exports_event_deleted;

DROP TRIGGER IF EXISTS data_imports_event_created;

DROP TRIGGER IF EXISTS data_imports_event_updated;

DROP TRIGGER IF EXISTS data_imports_event_deleted;

DROP TRIGGER IF EXISTS dropship_locations_event_created;

DROP TRIGGER IF EXISTS dropship_locations_event_updated;

DROP TRIGGER IF EXISTS dropship_locations_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_addresses_event_created;

DROP TRIGGER IF EXISTS dropship_provider_addresses_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_addresses_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_agreements_event_created;

DROP TRIGGER IF EXISTS dropship_provider_agreements_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_agreements_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_collections_event_created;

DROP TRIGGER IF EXISTS dropship_provider_collections_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_collections_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_collection_payloads_event_created;

DROP TRIGGER IF EXISTS dropship_provider_collection_payloads_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_collection_payloads_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_inventory_feed_variants_event_created;

DROP TRIGGER IF EXISTS dropship_provider_inventory_feed_variants_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_inventory_feed_variants_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_platform_actions_event_created;

DROP TRIGGER IF EXISTS dropship_provider_platform_actions_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_platform_actions_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_shipment_imports_event_created;

DROP TRIGGER IF EXISTS dropship_provider_shipment_imports_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_shipment_imports_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_shipping_fields_event_created;

DROP TRIGGER IF EXISTS dropship_provider_shipping_fields_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_shipping_fields_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_warehouses_event_created;

DROP TRIGGER IF EXISTS dropship_provider_warehouses_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_warehouses_event_deleted;

DROP TRIGGER IF EXISTS dropship_purchase_imports_event_created;

DROP TRIGGER IF EXISTS dropship_purchase_imports_event_updated;

DROP TRIGGER IF EXISTS dropship_purchase_imports_event_deleted;

DROP TRIGGER IF EXISTS dropshipments_event_created;

DROP TRIGGER IF EXISTS dropshipments_event_updated;

DROP TRIGGER IF EXISTS dropshipments_event_deleted;

DROP TRIGGER IF EXISTS dropshipment_imports_event_created;

DROP TRIGGER IF EXISTS dropshipment_imports_event_updated;

DROP TRIGGER IF EXISTS dropshipment_imports_event_deleted;

DROP TRIGGER IF EXISTS dropshipment_items_event_created;

DROP TRIGGER IF EXISTS dropshipment_items_event_updated;

DROP TRIGGER IF EXISTS dropshipment_items_event_deleted;

DROP TRIGGER IF EXISTS errors_event_created;

DROP TRIGGER IF EXISTS errors_event_updated;

DROP TRIGGER IF EXISTS errors_event_deleted;

DROP TRIGGER IF EXISTS fulfillments_event_created;

DROP TRIGGER IF EXISTS fulfillments_event_updated;

DROP TRIGGER IF EXISTS fulfillments_event_deleted;

DROP TRIGGER IF EXISTS fulfillment_items_event_created;

DROP TRIGGER IF EXISTS fulfillment_items_event_updated;

DROP TRIGGER IF EXISTS fulfillment_items_event_deleted;

DROP TRIGGER IF EXISTS goods_receipts_event_created;

DROP TRIGGER IF EXISTS goods_receipts_event_updated;

DROP TRIGGER IF EXISTS goods_receipts_event_deleted;

DROP TRIGGER IF EXISTS goods_receipt_items_event_created;

DROP TRIGGER IF EXISTS goods_receipt_items_event_updated;

DROP TRIGGER IF EXISTS goods_receipt_items_event_deleted;

DROP TRIGGER IF EXISTS importers_event_created;

DROP TRIGGER IF EXISTS importers_event_updated;

DROP TRIGGER IF EXISTS importers_event_deleted;

DROP TRIGGER IF EXISTS inventory_export_fields_event_created;

DROP TRIGGER IF EXISTS inventory_export_fields_event_updated;

DROP TRIGGER IF EXISTS inventory_export_fields_event_deleted;

DROP TRIGGER IF EXISTS inventory_feed_channels_event_created;

DROP TRIGGER IF EXISTS inventory_feed_channels_event_updated;

DROP TRIGGER IF EXISTS inventory_feed_channels_event_deleted;

DROP TRIGGER IF EXISTS inventory_feed_fields_event_created;

DROP TRIGGER IF EXISTS inventory_feed_fields_event_updated;

DROP TRIGGER IF EXISTS inventory_feed_fields_event_deleted;

DROP TRIGGER IF EXISTS inventory_feed_files_event_created;

DROP TRIGGER IF EXISTS inventory_feed_files_event_updated;

DROP TRIGGER IF EXISTS inventory_feed_files_event_deleted;

DROP TRIGGER IF EXISTS inventory_feed_json_fields_event_created;

DROP TRIGGER IF EXISTS inventory_feed_json_fields_event_updated;

DROP TRIGGER IF EXISTS inventory_feed_json_fields_event_deleted;

DROP TRIGGER IF EXISTS inventory_feed_mappings_event_created;

DROP TRIGGER IF EXISTS inventory_feed_mappings_event_updated;

DROP TRIGGER IF EXISTS inventory_feed_mappings_event_deleted;

DROP TRIGGER IF EXISTS inventory_feed_payloads_event_created;

DROP TRIGGER IF EXISTS inventory_feed_payloads_event_updated;

DROP TRIGGER IF EXISTS inventory_feed_payloads_event_deleted;

DROP TRIGGER IF EXISTS inventory_feed_variants_event_created;

DROP TRIGGER IF EXISTS inventory_feed_variants_event_updated;

DROP TRIGGER IF EXISTS inventory_feed_variants_event_deleted;

DROP TRIGGER IF EXISTS labels_event_created;

DROP TRIGGER IF EXISTS labels_event_updated;

DROP TRIGGER IF EXISTS labels_event_deleted;

DROP TRIGGER IF EXISTS option_values_event_created;

DROP TRIGGER IF EXISTS option_values_event_updated;

DROP TRIGGER IF EXISTS option_values_event_deleted;

DROP TRIGGER IF EXISTS payment_methods_event_created;

DROP TRIGGER IF EXISTS payment_methods_event_updated;

DROP TRIGGER IF EXISTS payment_methods_event_deleted;

DROP TRIGGER IF EXISTS products_event_created;

DROP TRIGGER IF EXISTS products_event_updated;

DROP TRIGGER IF EXISTS products_event_deleted;

DROP TRIGGER IF EXISTS purchases_event_created;

DROP TRIGGER IF EXISTS purchases_event_updated;

DROP TRIGGER IF EXISTS purchases_event_deleted;

DROP TRIGGER IF EXISTS purchase_invoices_event_created;

DROP TRIGGER IF EXISTS purchase_invoices_event_updated;

DROP TRIGGER IF EXISTS purchase_invoices_event_deleted;

DROP TRIGGER IF EXISTS purchase_invoice_payments_event_created;

DROP TRIGGER IF EXISTS purchase_invoice_payments_event_updated;

DROP TRIGGER IF EXISTS purchase_invoice_payments_event_deleted;

DROP TRIGGER IF EXISTS purchase_items_event_created;

DROP TRIGGER IF EXISTS purchase_items_event_updated;

DROP TRIGGER IF EXISTS purchase_items_event_deleted;

DROP TRIGGER IF EXISTS purchase_notifications_event_created;

DROP TRIGGER IF EXISTS purchase_notifications_event_updated;

DROP TRIGGER IF EXISTS purchase_notifications_event_deleted;

DROP TRIGGER IF EXISTS purchase_returns_event_created;

DROP TRIGGER IF EXISTS purchase_returns_event_updated;

DROP TRIGGER IF EXISTS purchase_returns_event_deleted;

DROP TRIGGER IF EXISTS purchase_return_items_event_created;

DROP TRIGGER IF EXISTS purchase_return_items_event_updated;

DROP TRIGGER IF EXISTS purchase_return_items_event_deleted;

DROP TRIGGER IF EXISTS resellers_event_created;

DROP TRIGGER IF EXISTS resellers_event_updated;

DROP TRIGGER IF EXISTS resellers_event_deleted;

DROP TRIGGER IF EXISTS retailer_account_reports_event_created;

DROP TRIGGER IF EXISTS retailer_account_reports_event_updated;

DROP TRIGGER IF EXISTS retailer_account_reports_event_deleted;

DROP TRIGGER IF EXISTS return_shipments_event_created;

DROP TRIGGER IF EXISTS return_shipments_event_updated;

DROP TRIGGER IF EXISTS return_shipments_event_deleted;

DROP TRIGGER IF EXISTS sales_event_created;

DROP TRIGGER IF EXISTS sales_event_updated;

DROP TRIGGER IF EXISTS sales_event_deleted;

DROP TRIGGER IF EXISTS sale_discount_codes_event_created;

DROP TRIGGER IF EXISTS sale_discount_codes_event_updated;

DROP TRIGGER IF EXISTS sale_discount_codes_event_deleted;

DROP TRIGGER IF EXISTS sale_imports_event_created;

DROP TRIGGER IF EXISTS sale_imports_event_updated;

DROP TRIGGER IF EXISTS sale_imports_event_deleted;

DROP TRIGGER IF EXISTS sale_invoice_items_event_created;

DROP TRIGGER IF EXISTS sale_invoice_items_event_updated;

DROP TRIGGER IF EXISTS sale_invoice_items_event_deleted;

DROP TRIGGER IF EXISTS sale_items_event_created;

DROP TRIGGER IF EXISTS sale_items_event_updated;

DROP TRIGGER IF EXISTS sale_items_event_deleted;

DROP TRIGGER IF EXISTS sale_returns_event_created;

DROP TRIGGER IF EXISTS sale_returns_event_updated;

DROP TRIGGER IF EXISTS sale_returns_event_deleted;

DROP TRIGGER IF EXISTS sale_return_items_event_created;

DROP TRIGGER IF EXISTS sale_return_items_event_updated;

DROP TRIGGER IF EXISTS sale_return_items_event_deleted;

DROP TRIGGER IF EXISTS transfers_event_created;

DROP TRIGGER IF EXISTS transfers_event_updated;

DROP TRIGGER IF EXISTS transfers_event_deleted;

DROP TRIGGER IF EXISTS variant_parcels_event_created;

DROP TRIGGER IF EXISTS variant_parcels_event_updated;

DROP TRIGGER IF EXISTS variant_parcels_event_deleted;

DROP TRIGGER IF EXISTS variant_warehouse_updates_event_created;

DROP TRIGGER IF EXISTS variant_warehouse_updates_event_updated;

DROP TRIGGER IF EXISTS variant_warehouse_updates_event_deleted;

DROP TRIGGER IF EXISTS vendors_event_created;

DROP TRIGGER IF EXISTS vendors_event_updated;

DROP TRIGGER IF EXISTS vendors_event_deleted;

DROP TRIGGER IF EXISTS warehouses_event_created;

DROP TRIGGER IF EXISTS warehouses_event_updated;

DROP TRIGGER IF EXISTS warehouses_event_deleted;

DROP TRIGGER IF EXISTS webhook_endpoints_event_created;

DROP TRIGGER IF EXISTS webhook_endpoints_event_updated;

DROP TRIGGER IF EXISTS webhook_endpoints_event_deleted;

DROP TRIGGER IF EXISTS custom_channels_event_created;

DROP TRIGGER IF EXISTS custom_channels_event_updated;

DROP TRIGGER IF EXISTS custom_channels_event_deleted;

DROP TRIGGER IF EXISTS custom_channels_seal_created;

DROP TRIGGER IF EXISTS custom_channels_seal_updated;

DROP TRIGGER IF EXISTS custom_channels_seal_deleted;

DROP TRIGGER IF EXISTS dropship_platform_accounts_event_created;

DROP TRIGGER IF EXISTS dropship_platform_accounts_event_updated;

DROP TRIGGER IF EXISTS dropship_platform_accounts_event_deleted;

DROP TRIGGER IF EXISTS dropship_platform_accounts_seal_created;

DROP TRIGGER IF EXISTS dropship_platform_accounts_seal_updated;

DROP TRIGGER IF EXISTS dropship_platform_accounts_seal_deleted;

DROP TRIGGER IF EXISTS dropship_providers_seal_deleted;

DROP TRIGGER IF EXISTS inventory_exports_event_created;

DROP TRIGGER IF EXISTS inventory_exports_event_updated;

DROP TRIGGER IF EXISTS inventory_exports_event_deleted;

DROP TRIGGER IF EXISTS inventory_exports_seal_created;

DROP TRIGGER IF EXISTS inventory_exports_seal_updated;

DROP TRIGGER IF EXISTS inventory_exports_seal_deleted;

DROP TRIGGER IF EXISTS inventory_feeds_event_created;

DROP TRIGGER IF EXISTS inventory_feeds_event_updated;

DROP TRIGGER IF EXISTS inventory_feeds_event_deleted;

DROP TRIGGER IF EXISTS inventory_feeds_seal_created;

DROP TRIGGER IF EXISTS inventory_feeds_seal_updated;

DROP TRIGGER IF EXISTS inventory_feeds_seal_deleted;

DROP TRIGGER IF EXISTS platform_a_stores_event_created;

DROP TRIGGER IF EXISTS platform_a_stores_event_updated;

DROP TRIGGER IF EXISTS platform_a_stores_event_deleted;

DROP TRIGGER IF EXISTS platform_a_stores_seal_created;

DROP TRIGGER IF EXISTS platform_a_stores_seal_updated;

DROP TRIGGER IF EXISTS platform_a_stores_seal_deleted;

DROP TRIGGER IF EXISTS platform_b_stores_event_created;

DROP TRIGGER IF EXISTS platform_b_stores_event_updated;

DROP TRIGGER IF EXISTS platform_b_stores_event_deleted;

DROP TRIGGER IF EXISTS platform_b_stores_seal_created;

DROP TRIGGER IF EXISTS platform_b_stores_seal_updated;

DROP TRIGGER IF EXISTS platform_b_stores_seal_deleted;

DROP TRIGGER IF EXISTS retailer_accounts_event_created;

DROP TRIGGER IF EXISTS retailer_accounts_event_updated;

DROP TRIGGER IF EXISTS retailer_accounts_event_deleted;

DROP TRIGGER IF EXISTS retailer_accounts_seal_created;

DROP TRIGGER IF EXISTS retailer_accounts_seal_updated;

DROP TRIGGER IF EXISTS retailer_accounts_seal_deleted;

DROP TRIGGER IF EXISTS dropship_providers_event_created;

DROP TRIGGER IF EXISTS dropship_providers_event_updated;

DROP TRIGGER IF EXISTS dropship_providers_event_deleted;

DROP TRIGGER IF EXISTS dropship_providers_seal_created;

DROP TRIGGER IF EXISTS dropship_providers_seal_updated;

DROP TRIGGER IF EXISTS accounting_integrations_event_created;

DROP TRIGGER IF EXISTS accounting_integrations_event_updated;

DROP TRIGGER IF EXISTS accounting_integrations_event_deleted;

DROP TRIGGER IF EXISTS accounting_integrations_seal_created;

DROP TRIGGER IF EXISTS accounting_integrations_seal_updated;

DROP TRIGGER IF EXISTS accounting_integrations_seal_deleted;

DROP TRIGGER IF EXISTS channel_variant_imports_event_created;

DROP TRIGGER IF EXISTS channel_variant_imports_event_updated;

DROP TRIGGER IF EXISTS channel_variant_imports_event_deleted;

DROP TRIGGER IF EXISTS inventory_levels_event_created;

DROP TRIGGER IF EXISTS inventory_levels_event_updated;

DROP TRIGGER IF EXISTS inventory_levels_event_deleted;

DROP TRIGGER IF EXISTS dropship_provider_users_event_created;

DROP TRIGGER IF EXISTS dropship_provider_users_event_updated;

DROP TRIGGER IF EXISTS dropship_provider_users_event_deleted;

DROP TRIGGER IF EXISTS variants_event_created;

DROP TRIGGER IF EXISTS variants_event_updated;

DROP TRIGGER IF EXISTS variants_event_deleted;

CREATE TABLE api_tokens__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES companies (id),
  token_hash TEXT NOT NULL,
  read_only INTEGER NOT NULL DEFAULT 0,
  label TEXT,
  created_at TEXT NOT NULL
, scopes TEXT, hint TEXT, expires_at TEXT, last_used_at TEXT, revoked_at TEXT);

INSERT INTO api_tokens__ids (id, company_id, token_hash, read_only, label, created_at, scopes, hint, expires_at, last_used_at, revoked_at) SELECT id, company_id, token_hash, read_only, label, created_at, scopes, hint, expires_at, last_used_at, revoked_at FROM api_tokens;

DROP TABLE api_tokens;

ALTER TABLE api_tokens__ids RENAME TO api_tokens;

CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (token_hash);

CREATE INDEX api_tokens_company ON api_tokens (company_id);

CREATE TABLE stored_files__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES companies (id),
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  body BLOB NOT NULL,
  created_at TEXT NOT NULL
, byte_size INTEGER NOT NULL DEFAULT 0, checksum TEXT, storage_key TEXT, uploaded INTEGER NOT NULL DEFAULT 0);

INSERT INTO stored_files__ids (id, company_id, name, content_type, body, created_at, byte_size, checksum, storage_key, uploaded) SELECT id, company_id, name, content_type, body, created_at, byte_size, checksum, storage_key, uploaded FROM stored_files;

DROP TABLE stored_files;

ALTER TABLE stored_files__ids RENAME TO stored_files;

CREATE INDEX stored_files_company ON stored_files (company_id, id);

CREATE INDEX stored_files_storage_key ON stored_files (storage_key);

CREATE TABLE accounting_integrations__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_endpoint TEXT,
  name TEXT,
  replenishment_endpoint TEXT,
  sale_endpoint TEXT
, signing_secret TEXT);

INSERT INTO accounting_integrations__ids (id, company_id, created_at, updated_at, dropship_endpoint, name, replenishment_endpoint, sale_endpoint, signing_secret) SELECT id, company_id, created_at, updated_at, dropship_endpoint, name, replenishment_endpoint, sale_endpoint, signing_secret FROM accounting_integrations;

DROP TABLE accounting_integrations;

ALTER TABLE accounting_integrations__ids RENAME TO accounting_integrations;

CREATE INDEX accounting_integrations_company_id ON accounting_integrations (company_id, id);

CREATE INDEX accounting_integrations_company_created ON accounting_integrations (company_id, created_at);

CREATE TABLE accounting_payloads__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  accounting_integration_id INTEGER,
  payload_type TEXT,
  sale_id INTEGER,
  purchase_id INTEGER,
  payload TEXT,
  status TEXT DEFAULT 'pending',
  response_status INTEGER,
  response_body TEXT,
  error_message TEXT,
  sent_at TEXT
);

INSERT INTO accounting_payloads__ids (id, company_id, created_at, updated_at, accounting_integration_id, payload_type, sale_id, purchase_id, payload, status, response_status, response_body, error_message, sent_at) SELECT id, company_id, created_at, updated_at, accounting_integration_id, payload_type, sale_id, purchase_id, payload, status, response_status, response_body, error_message, sent_at FROM accounting_payloads;

DROP TABLE accounting_payloads;

ALTER TABLE accounting_payloads__ids RENAME TO accounting_payloads;

CREATE INDEX accounting_payloads_company_id ON accounting_payloads (company_id, id);

CREATE INDEX accounting_payloads_company_created ON accounting_payloads (company_id, created_at);

CREATE INDEX accounting_payloads_accounting_integration_id ON accounting_payloads (company_id, accounting_integration_id);

CREATE INDEX accounting_payloads_sale_id ON accounting_payloads (company_id, sale_id);

CREATE INDEX accounting_payloads_purchase_id ON accounting_payloads (company_id, purchase_id);

CREATE TABLE address_validations__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  sale_id INTEGER,
  source TEXT DEFAULT 'other',
  payload TEXT,
  response TEXT
);

INSERT INTO address_validations__ids (id, company_id, created_at, updated_at, channel_id, sale_id, source, payload, response) SELECT id, company_id, created_at, updated_at, channel_id, sale_id, source, payload, response FROM address_validations;

DROP TABLE address_validations;

ALTER TABLE address_validations__ids RENAME TO address_validations;

CREATE INDEX address_validations_company_id ON address_validations (company_id, id);

CREATE INDEX address_validations_company_created ON address_validations (company_id, created_at);

CREATE INDEX address_validations_channel_id ON address_validations (company_id, channel_id);

CREATE INDEX address_validations_sale_id ON address_validations (company_id, sale_id);

CREATE TABLE adjustments__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  adjustment_reason_id INTEGER,
  automated_import INTEGER DEFAULT 0,
  cost_price INTEGER DEFAULT 0,
  data_import_id INTEGER,
  notes TEXT,
  quantity INTEGER,
  quantity_after INTEGER,
  quantity_before INTEGER,
  stock_take_item_id INTEGER,
  user_id INTEGER,
  variant_id INTEGER,
  warehouse_id INTEGER
);

INSERT INTO adjustments__ids (id, company_id, created_at, updated_at, adjustment_reason_id, automated_import, cost_price, data_import_id, notes, quantity, quantity_after, quantity_before, stock_take_item_id, user_id, variant_id, warehouse_id) SELECT id, company_id, created_at, updated_at, adjustment_reason_id, automated_import, cost_price, data_import_id, notes, quantity, quantity_after, quantity_before, stock_take_item_id, user_id, variant_id, warehouse_id FROM adjustments;

DROP TABLE adjustments;

ALTER TABLE adjustments__ids RENAME TO adjustments;

CREATE INDEX adjustments_company_id ON adjustments (company_id, id);

CREATE INDEX adjustments_company_created ON adjustments (company_id, created_at);

CREATE INDEX adjustments_adjustment_reason_id ON adjustments (company_id, adjustment_reason_id);

CREATE INDEX adjustments_data_import_id ON adjustments (company_id, data_import_id);

CREATE INDEX adjustments_variant_id ON adjustments (company_id, variant_id);

CREATE INDEX adjustments_warehouse_id ON adjustments (company_id, warehouse_id);

CREATE TABLE adjustment_reasons__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  code TEXT,
  name TEXT,
  show_in_returns_portal INTEGER DEFAULT 1
);

INSERT INTO adjustment_reasons__ids (id, company_id, created_at, updated_at, code, name, show_in_returns_portal) SELECT id, company_id, created_at, updated_at, code, name, show_in_returns_portal FROM adjustment_reasons;

DROP TABLE adjustment_reasons;

ALTER TABLE adjustment_reasons__ids RENAME TO adjustment_reasons;

CREATE INDEX adjustment_reasons_company_id ON adjustment_reasons (company_id, id);

CREATE INDEX adjustment_reasons_company_created ON adjustment_reasons (company_id, created_at);

CREATE UNIQUE INDEX adjustment_reasons_unique_code ON adjustment_reasons (company_id, code);

CREATE TABLE agreements__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  audience TEXT DEFAULT 'dropshipProvider',
  version TEXT DEFAULT '1',
  body TEXT,
  url TEXT,
  requires_signature INTEGER DEFAULT 0,
  active INTEGER DEFAULT 1,
  effective_at TEXT
);

INSERT INTO agreements__ids (id, company_id, created_at, updated_at, name, audience, version, body, url, requires_signature, active, effective_at) SELECT id, company_id, created_at, updated_at, name, audience, version, body, url, requires_signature, active, effective_at FROM agreements;

DROP TABLE agreements;

ALTER TABLE agreements__ids RENAME TO agreements;

CREATE INDEX agreements_company_id ON agreements (company_id, id);

CREATE INDEX agreements_company_created ON agreements (company_id, created_at);

CREATE TABLE allowed_tags__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  resource TEXT DEFAULT 'any',
  color TEXT,
  description TEXT
);

INSERT INTO allowed_tags__ids (id, company_id, created_at, updated_at, name, resource, color, description) SELECT id, company_id, created_at, updated_at, name, resource, color, description FROM allowed_tags;

DROP TABLE allowed_tags;

ALTER TABLE allowed_tags__ids RENAME TO allowed_tags;

CREATE INDEX allowed_tags_company_id ON allowed_tags (company_id, id);

CREATE INDEX allowed_tags_company_created ON allowed_tags (company_id, created_at);

CREATE UNIQUE INDEX allowed_tags_unique_name_resource ON allowed_tags (company_id, name, resource);

CREATE TABLE bundle_variants__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  variant_id INTEGER,
  component_variant_id INTEGER,
  quantity INTEGER DEFAULT 1
);

INSERT INTO bundle_variants__ids (id, company_id, created_at, updated_at, variant_id, component_variant_id, quantity) SELECT id, company_id, created_at, updated_at, variant_id, component_variant_id, quantity FROM bundle_variants;

DROP TABLE bundle_variants;

ALTER TABLE bundle_variants__ids RENAME TO bundle_variants;

CREATE INDEX bundle_variants_company_id ON bundle_variants (company_id, id);

CREATE INDEX bundle_variants_company_created ON bundle_variants (company_id, created_at);

CREATE INDEX bundle_variants_component_variant_id ON bundle_variants (company_id, component_variant_id);

CREATE UNIQUE INDEX bundle_variants_unique_variant_id_component_variant_id ON bundle_variants (company_id, variant_id, component_variant_id);

CREATE TABLE carriers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  carrier_type TEXT,
  platform TEXT DEFAULT 'manual',
  external_id TEXT
);

INSERT INTO carriers__ids (id, company_id, created_at, updated_at, name, carrier_type, platform, external_id) SELECT id, company_id, created_at, updated_at, name, carrier_type, platform, external_id FROM carriers;

DROP TABLE carriers;

ALTER TABLE carriers__ids RENAME TO carriers;

CREATE INDEX carriers_company_id ON carriers (company_id, id);

CREATE INDEX carriers_company_created ON carriers (company_id, created_at);

CREATE TABLE carrier_pickups__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  carrier TEXT,
  pickup_at TEXT,
  status TEXT DEFAULT 'requested',
  source TEXT,
  external_id TEXT,
  from_name TEXT,
  from_address_line_one TEXT,
  from_address_line_two TEXT,
  from_city TEXT,
  from_state TEXT,
  from_zip TEXT,
  from_country TEXT,
  from_phone TEXT,
  from_email TEXT,
  to_country TEXT,
  payload TEXT,
  response TEXT
);

INSERT INTO carrier_pickups__ids (id, company_id, created_at, updated_at, dropship_provider_id, carrier, pickup_at, status, source, external_id, from_name, from_address_line_one, from_address_line_two, from_city, from_state, from_zip, from_country, from_phone, from_email, to_country, payload, response) SELECT id, company_id, created_at, updated_at, dropship_provider_id, carrier, pickup_at, status, source, external_id, from_name, from_address_line_one, from_address_line_two, from_city, from_state, from_zip, from_country, from_phone, from_email, to_country, payload, response FROM carrier_pickups;

DROP TABLE carrier_pickups;

ALTER TABLE carrier_pickups__ids RENAME TO carrier_pickups;

CREATE INDEX carrier_pickups_company_id ON carrier_pickups (company_id, id);

CREATE INDEX carrier_pickups_company_created ON carrier_pickups (company_id, created_at);

CREATE INDEX carrier_pickups_dropship_provider_id ON carrier_pickups (company_id, dropship_provider_id);

CREATE TABLE channels__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  address_validation_endpoint TEXT,
  address_validation_finalize INTEGER DEFAULT 0,
  allocate_draft_sales TEXT DEFAULT 'enabled',
  allocated_shipments TEXT DEFAULT 'allow',
  automatically_cancel_sales INTEGER DEFAULT 1,
  automatically_finalize_sales INTEGER DEFAULT 1,
  automatically_publish INTEGER DEFAULT 1,
  blended_preference TEXT DEFAULT 'inhouse',
  bundle_inventory_sync TEXT DEFAULT 'enabled',
  cache_rates INTEGER,
  check_dropship_at TEXT,
  checkout_string TEXT,
  collection_endpoint TEXT,
  connect_to_feed INTEGER,
  connected_at TEXT,
  currency TEXT DEFAULT 'USD',
  disable_variant_inventory_sync INTEGER,
  dropship_allow_tags TEXT,
  dropship_provider_id INTEGER,
  dropship_routing TEXT DEFAULT 'default',
  dropship_routing_tags TEXT,
  dropship_tags TEXT,
  email TEXT,
  enable_free_shipping_countries INTEGER DEFAULT 0,
  enforce_refund_limits TEXT,
  eori_number TEXT,
  external_fulfillment_trigger TEXT,
  finalization_delay TEXT,
  force_connect_to_feed INTEGER,
  free_shipping_code TEXT,
  free_shipping_countries TEXT,
  free_shipping_name TEXT,
  free_shipping_origin_countries TEXT,
  free_shipping_override INTEGER,
  free_shipping_scope TEXT,
  free_shipping_threshold INTEGER,
  hash TEXT,
  hide_when_no_cost_price INTEGER,
  image_sync TEXT,
  import_channel_fulfillments TEXT,
  import_from_feed INTEGER,
  import_payment_status TEXT,
  import_products_seconds INTEGER,
  include_backorder_quantity INTEGER,
  include_sale_tags INTEGER,
  inhouse_brand_names TEXT,
  inventory_feed_removed TEXT,
  inventory_feed_unpublish TEXT,
  inventory_sync TEXT,
  inventory_sync_trigger TEXT,
  lock_iso INTEGER,
  manual_sale_item_routing TEXT,
  max_shipping_cost INTEGER,
  max_shipping_cost_threshold INTEGER,
  name TEXT,
  notes TEXT,
  price_sync TEXT DEFAULT 'enabled',
  safety_stock INTEGER DEFAULT 0,
  taxes_included INTEGER DEFAULT 0,
  type TEXT DEFAULT 'manual',
  url TEXT,
  warehouse_id INTEGER
);

INSERT INTO channels__ids (id, company_id, created_at, updated_at, address_validation_endpoint, address_validation_finalize, allocate_draft_sales, allocated_shipments, automatically_cancel_sales, automatically_finalize_sales, automatically_publish, blended_preference, bundle_inventory_sync, cache_rates, check_dropship_at, checkout_string, collection_endpoint, connect_to_feed, connected_at, currency, disable_variant_inventory_sync, dropship_allow_tags, dropship_provider_id, dropship_routing, dropship_routing_tags, dropship_tags, email, enable_free_shipping_countries, enforce_refund_limits, eori_number, external_fulfillment_trigger, finalization_delay, force_connect_to_feed, free_shipping_code, free_shipping_countries, free_shipping_name, free_shipping_origin_countries, free_shipping_override, free_shipping_scope, free_shipping_threshold, hash, hide_when_no_cost_price, image_sync, import_channel_fulfillments, import_from_feed, import_payment_status, import_products_seconds, include_backorder_quantity, include_sale_tags, inhouse_brand_names, inventory_feed_removed, inventory_feed_unpublish, inventory_sync, inventory_sync_trigger, lock_iso, manual_sale_item_routing, max_shipping_cost, max_shipping_cost_threshold, name, notes, price_sync, safety_stock, taxes_included, type, url, warehouse_id) SELECT id, company_id, created_at, updated_at, address_validation_endpoint, address_validation_finalize, allocate_draft_sales, allocated_shipments, automatically_cancel_sales, automatically_finalize_sales, automatically_publish, blended_preference, bundle_inventory_sync, cache_rates, check_dropship_at, checkout_string, collection_endpoint, connect_to_feed, connected_at, currency, disable_variant_inventory_sync, dropship_allow_tags, dropship_provider_id, dropship_routing, dropship_routing_tags, dropship_tags, email, enable_free_shipping_countries, enforce_refund_limits, eori_number, external_fulfillment_trigger, finalization_delay, force_connect_to_feed, free_shipping_code, free_shipping_countries, free_shipping_name, free_shipping_origin_countries, free_shipping_override, free_shipping_scope, free_shipping_threshold, hash, hide_when_no_cost_price, image_sync, import_channel_fulfillments, import_from_feed, import_payment_status, import_products_seconds, include_backorder_quantity, include_sale_tags, inhouse_brand_names, inventory_feed_removed, inventory_feed_unpublish, inventory_sync, inventory_sync_trigger, lock_iso, manual_sale_item_routing, max_shipping_cost, max_shipping_cost_threshold, name, notes, price_sync, safety_stock, taxes_included, type, url, warehouse_id FROM channels;

DROP TABLE channels;

ALTER TABLE channels__ids RENAME TO channels;

CREATE INDEX channels_company_id ON channels (company_id, id);

CREATE INDEX channels_company_created ON channels (company_id, created_at);

CREATE INDEX channels_dropship_provider_id ON channels (company_id, dropship_provider_id);

CREATE INDEX channels_warehouse_id ON channels (company_id, warehouse_id);

CREATE TABLE channel_commission_rates__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  commission_rate REAL DEFAULT 0,
  commission_rate_type TEXT DEFAULT 'percentage',
  dropship_provider_id INTEGER,
  filter_type TEXT DEFAULT 'none',
  tags TEXT
);

INSERT INTO channel_commission_rates__ids (id, company_id, created_at, updated_at, channel_id, commission_rate, commission_rate_type, dropship_provider_id, filter_type, tags) SELECT id, company_id, created_at, updated_at, channel_id, commission_rate, commission_rate_type, dropship_provider_id, filter_type, tags FROM channel_commission_rates;

DROP TABLE channel_commission_rates;

ALTER TABLE channel_commission_rates__ids RENAME TO channel_commission_rates;

CREATE INDEX channel_commission_rates_company_id ON channel_commission_rates (company_id, id);

CREATE INDEX channel_commission_rates_company_created ON channel_commission_rates (company_id, created_at);

CREATE INDEX channel_commission_rates_channel_id ON channel_commission_rates (company_id, channel_id);

CREATE INDEX channel_commission_rates_dropship_provider_id ON channel_commission_rates (company_id, dropship_provider_id);

CREATE TABLE channel_custom_fields__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  custom_field_id INTEGER,
  name TEXT,
  namespace TEXT,
  key TEXT,
  value_type TEXT DEFAULT 'string',
  default_value TEXT,
  direction TEXT DEFAULT 'both',
  enabled INTEGER DEFAULT 1
);

INSERT INTO channel_custom_fields__ids (id, company_id, created_at, updated_at, channel_id, custom_field_id, name, namespace, key, value_type, default_value, direction, enabled) SELECT id, company_id, created_at, updated_at, channel_id, custom_field_id, name, namespace, key, value_type, default_value, direction, enabled FROM channel_custom_fields;

DROP TABLE channel_custom_fields;

ALTER TABLE channel_custom_fields__ids RENAME TO channel_custom_fields;

CREATE INDEX channel_custom_fields_company_id ON channel_custom_fields (company_id, id);

CREATE INDEX channel_custom_fields_company_created ON channel_custom_fields (company_id, created_at);

CREATE INDEX channel_custom_fields_channel_id ON channel_custom_fields (company_id, channel_id);

CREATE INDEX channel_custom_fields_custom_field_id ON channel_custom_fields (company_id, custom_field_id);

CREATE TABLE channel_dropship_locations__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  dropship_location_id INTEGER,
  external_id TEXT,
  inventory_feed_location_names TEXT,
  name TEXT,
  priority INTEGER DEFAULT 0,
  sync_inventory INTEGER DEFAULT 1
);

INSERT INTO channel_dropship_locations__ids (id, company_id, created_at, updated_at, channel_id, dropship_location_id, external_id, inventory_feed_location_names, name, priority, sync_inventory) SELECT id, company_id, created_at, updated_at, channel_id, dropship_location_id, external_id, inventory_feed_location_names, name, priority, sync_inventory FROM channel_dropship_locations;

DROP TABLE channel_dropship_locations;

ALTER TABLE channel_dropship_locations__ids RENAME TO channel_dropship_locations;

CREATE INDEX channel_dropship_locations_company_id ON channel_dropship_locations (company_id, id);

CREATE INDEX channel_dropship_locations_company_created ON channel_dropship_locations (company_id, created_at);

CREATE INDEX channel_dropship_locations_dropship_location_id ON channel_dropship_locations (company_id, dropship_location_id);

CREATE UNIQUE INDEX channel_dropship_locations_unique_channel_id_dropship_location_id ON channel_dropship_locations (company_id, channel_id, dropship_location_id);

CREATE TABLE channel_dropship_provider_tax_rates__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  dropship_provider_id INTEGER,
  name TEXT,
  country TEXT,
  state TEXT,
  rate REAL,
  tax_shipping INTEGER DEFAULT 0,
  enabled INTEGER DEFAULT 1
);

INSERT INTO channel_dropship_provider_tax_rates__ids (id, company_id, created_at, updated_at, channel_id, dropship_provider_id, name, country, state, rate, tax_shipping, enabled) SELECT id, company_id, created_at, updated_at, channel_id, dropship_provider_id, name, country, state, rate, tax_shipping, enabled FROM channel_dropship_provider_tax_rates;

DROP TABLE channel_dropship_provider_tax_rates;

ALTER TABLE channel_dropship_provider_tax_rates__ids RENAME TO channel_dropship_provider_tax_rates;

CREATE INDEX channel_dropship_provider_tax_rates_company_id ON channel_dropship_provider_tax_rates (company_id, id);

CREATE INDEX channel_dropship_provider_tax_rates_company_created ON channel_dropship_provider_tax_rates (company_id, created_at);

CREATE INDEX channel_dropship_provider_tax_rates_channel_id ON channel_dropship_provider_tax_rates (company_id, channel_id);

CREATE INDEX channel_dropship_provider_tax_rates_dropship_provider_id ON channel_dropship_provider_tax_rates (company_id, dropship_provider_id);

CREATE TABLE channel_price_lists__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  name TEXT,
  external_id TEXT,
  currency TEXT,
  adjustment_type TEXT DEFAULT 'none',
  adjustment REAL,
  prices TEXT,
  enabled INTEGER DEFAULT 1,
  notes TEXT
);

INSERT INTO channel_price_lists__ids (id, company_id, created_at, updated_at, channel_id, name, external_id, currency, adjustment_type, adjustment, prices, enabled, notes) SELECT id, company_id, created_at, updated_at, channel_id, name, external_id, currency, adjustment_type, adjustment, prices, enabled, notes FROM channel_price_lists;

DROP TABLE channel_price_lists;

ALTER TABLE channel_price_lists__ids RENAME TO channel_price_lists;

CREATE INDEX channel_price_lists_company_id ON channel_price_lists (company_id, id);

CREATE INDEX channel_price_lists_company_created ON channel_price_lists (company_id, created_at);

CREATE UNIQUE INDEX channel_price_lists_unique_channel_id_external_id ON channel_price_lists (company_id, channel_id, external_id);

CREATE TABLE channel_products__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  product_id INTEGER,
  external_id TEXT,
  title TEXT,
  handle TEXT,
  description TEXT,
  product_type TEXT,
  tags TEXT,
  status TEXT DEFAULT 'active',
  published_at TEXT,
  error_message TEXT
);

INSERT INTO channel_products__ids (id, company_id, created_at, updated_at, channel_id, product_id, external_id, title, handle, description, product_type, tags, status, published_at, error_message) SELECT id, company_id, created_at, updated_at, channel_id, product_id, external_id, title, handle, description, product_type, tags, status, published_at, error_message FROM channel_products;

DROP TABLE channel_products;

ALTER TABLE channel_products__ids RENAME TO channel_products;

CREATE INDEX channel_products_company_id ON channel_products (company_id, id);

CREATE INDEX channel_products_company_created ON channel_products (company_id, created_at);

CREATE INDEX channel_products_product_id ON channel_products (company_id, product_id);

CREATE UNIQUE INDEX channel_products_unique_channel_id_external_id ON channel_products (company_id, channel_id, external_id);

CREATE TABLE channel_shipment_updates__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  dropshipment_id INTEGER,
  fulfillment_id INTEGER,
  payload TEXT,
  response TEXT,
  status TEXT DEFAULT 'success',
  status_message TEXT,
  status_problem TEXT
);

INSERT INTO channel_shipment_updates__ids (id, company_id, created_at, updated_at, channel_id, dropshipment_id, fulfillment_id, payload, response, status, status_message, status_problem) SELECT id, company_id, created_at, updated_at, channel_id, dropshipment_id, fulfillment_id, payload, response, status, status_message, status_problem FROM channel_shipment_updates;

DROP TABLE channel_shipment_updates;

ALTER TABLE channel_shipment_updates__ids RENAME TO channel_shipment_updates;

CREATE INDEX channel_shipment_updates_company_id ON channel_shipment_updates (company_id, id);

CREATE INDEX channel_shipment_updates_company_created ON channel_shipment_updates (company_id, created_at);

CREATE INDEX channel_shipment_updates_channel_id ON channel_shipment_updates (company_id, channel_id);

CREATE INDEX channel_shipment_updates_dropshipment_id ON channel_shipment_updates (company_id, dropshipment_id);

CREATE INDEX channel_shipment_updates_fulfillment_id ON channel_shipment_updates (company_id, fulfillment_id);

CREATE TABLE channel_shipping_rates__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  name TEXT,
  carrier TEXT,
  service TEXT,
  countries TEXT,
  basis TEXT DEFAULT 'flat',
  min_value REAL,
  max_value REAL,
  price INTEGER,
  price_per_unit INTEGER,
  dropship_provider_id INTEGER,
  enabled INTEGER DEFAULT 1
);

INSERT INTO channel_shipping_rates__ids (id, company_id, created_at, updated_at, channel_id, name, carrier, service, countries, basis, min_value, max_value, price, price_per_unit, dropship_provider_id, enabled) SELECT id, company_id, created_at, updated_at, channel_id, name, carrier, service, countries, basis, min_value, max_value, price, price_per_unit, dropship_provider_id, enabled FROM channel_shipping_rates;

DROP TABLE channel_shipping_rates;

ALTER TABLE channel_shipping_rates__ids RENAME TO channel_shipping_rates;

CREATE INDEX channel_shipping_rates_company_id ON channel_shipping_rates (company_id, id);

CREATE INDEX channel_shipping_rates_company_created ON channel_shipping_rates (company_id, created_at);

CREATE INDEX channel_shipping_rates_channel_id ON channel_shipping_rates (company_id, channel_id);

CREATE INDEX channel_shipping_rates_dropship_provider_id ON channel_shipping_rates (company_id, dropship_provider_id);

CREATE TABLE channel_sites__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  external_id TEXT,
  name TEXT
);

INSERT INTO channel_sites__ids (id, company_id, created_at, updated_at, channel_id, external_id, name) SELECT id, company_id, created_at, updated_at, channel_id, external_id, name FROM channel_sites;

DROP TABLE channel_sites;

ALTER TABLE channel_sites__ids RENAME TO channel_sites;

CREATE INDEX channel_sites_company_id ON channel_sites (company_id, id);

CREATE INDEX channel_sites_company_created ON channel_sites (company_id, created_at);

CREATE UNIQUE INDEX channel_sites_unique_channel_id_external_id ON channel_sites (company_id, channel_id, external_id);

CREATE TABLE channel_variants__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  cache_hash TEXT,
  channel_id INTEGER,
  cost_price_retries INTEGER,
  cost_price_retry INTEGER,
  cost_price_update TEXT,
  error_message TEXT,
  external_created_at TEXT,
  external_group_id TEXT,
  external_id TEXT,
  external_sku TEXT,
  hash TEXT,
  inventory_feed_variant_id INTEGER,
  inventory_retries INTEGER,
  inventory_retry INTEGER,
  inventory_update TEXT,
  meta_fields_hash TEXT,
  parent_hash TEXT,
  price_list_hash TEXT,
  price_list_retry INTEGER,
  price_retries INTEGER,
  price_retry INTEGER,
  price_update TEXT,
  publish_update TEXT,
  sku TEXT,
  source TEXT DEFAULT 'custom',
  status TEXT DEFAULT 'pending',
  variant_id INTEGER,
  variant_parcels_hash TEXT
);

INSERT INTO channel_variants__ids (id, company_id, created_at, updated_at, cache_hash, channel_id, cost_price_retries, cost_price_retry, cost_price_update, error_message, external_created_at, external_group_id, external_id, external_sku, hash, inventory_feed_variant_id, inventory_retries, inventory_retry, inventory_update, meta_fields_hash, parent_hash, price_list_hash, price_list_retry, price_retries, price_retry, price_update, publish_update, sku, source, status, variant_id, variant_parcels_hash) SELECT id, company_id, created_at, updated_at, cache_hash, channel_id, cost_price_retries, cost_price_retry, cost_price_update, error_message, external_created_at, external_group_id, external_id, external_sku, hash, inventory_feed_variant_id, inventory_retries, inventory_retry, inventory_update, meta_fields_hash, parent_hash, price_list_hash, price_list_retry, price_retries, price_retry, price_update, publish_update, sku, source, status, variant_id, variant_parcels_hash FROM channel_variants;

DROP TABLE channel_variants;

ALTER TABLE channel_variants__ids RENAME TO channel_variants;

CREATE INDEX channel_variants_company_id ON channel_variants (company_id, id);

CREATE INDEX channel_variants_company_created ON channel_variants (company_id, created_at);

CREATE INDEX channel_variants_inventory_feed_variant_id ON channel_variants (company_id, inventory_feed_variant_id);

CREATE INDEX channel_variants_variant_id ON channel_variants (company_id, variant_id);

CREATE UNIQUE INDEX channel_variants_unique_channel_id_external_id ON channel_variants (company_id, channel_id, external_id);

CREATE UNIQUE INDEX channel_variants_unique_channel_id_sku ON channel_variants (company_id, channel_id, sku);

CREATE TABLE channel_variant_imports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_variant_id INTEGER,
  cost_price INTEGER,
  grams REAL,
  inventory_policy TEXT,
  product_payload TEXT,
  sku TEXT,
  variant_payload TEXT
, result TEXT, variant_result TEXT);

INSERT INTO channel_variant_imports__ids (id, company_id, created_at, updated_at, channel_variant_id, cost_price, grams, inventory_policy, product_payload, sku, variant_payload, result, variant_result) SELECT id, company_id, created_at, updated_at, channel_variant_id, cost_price, grams, inventory_policy, product_payload, sku, variant_payload, result, variant_result FROM channel_variant_imports;

DROP TABLE channel_variant_imports;

ALTER TABLE channel_variant_imports__ids RENAME TO channel_variant_imports;

CREATE INDEX channel_variant_imports_company_id ON channel_variant_imports (company_id, id);

CREATE INDEX channel_variant_imports_company_created ON channel_variant_imports (company_id, created_at);

CREATE INDEX channel_variant_imports_channel_variant_id ON channel_variant_imports (company_id, channel_variant_id);

CREATE TABLE channel_variant_updates__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_variant_id INTEGER,
  compare_at_price INTEGER,
  cost_price INTEGER,
  hide_when_no_cost_price INTEGER,
  inventory_quantity INTEGER,
  payload TEXT,
  price INTEGER,
  response TEXT,
  retries INTEGER,
  retry INTEGER,
  status TEXT DEFAULT 'success',
  status_message TEXT,
  type TEXT,
  variant_inventory_update_id INTEGER
);

INSERT INTO channel_variant_updates__ids (id, company_id, created_at, updated_at, channel_variant_id, compare_at_price, cost_price, hide_when_no_cost_price, inventory_quantity, payload, price, response, retries, retry, status, status_message, type, variant_inventory_update_id) SELECT id, company_id, created_at, updated_at, channel_variant_id, compare_at_price, cost_price, hide_when_no_cost_price, inventory_quantity, payload, price, response, retries, retry, status, status_message, type, variant_inventory_update_id FROM channel_variant_updates;

DROP TABLE channel_variant_updates;

ALTER TABLE channel_variant_updates__ids RENAME TO channel_variant_updates;

CREATE INDEX channel_variant_updates_company_id ON channel_variant_updates (company_id, id);

CREATE INDEX channel_variant_updates_company_created ON channel_variant_updates (company_id, created_at);

CREATE INDEX channel_variant_updates_channel_variant_id ON channel_variant_updates (company_id, channel_variant_id);

CREATE TABLE comments__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  subject_kind TEXT,
  subject_id INTEGER,
  body TEXT,
  author TEXT,
  internal INTEGER DEFAULT 1
);

INSERT INTO comments__ids (id, company_id, created_at, updated_at, subject_kind, subject_id, body, author, internal) SELECT id, company_id, created_at, updated_at, subject_kind, subject_id, body, author, internal FROM comments;

DROP TABLE comments;

ALTER TABLE comments__ids RENAME TO comments;

CREATE INDEX comments_company_id ON comments (company_id, id);

CREATE INDEX comments_company_created ON comments (company_id, created_at);

CREATE TABLE company_clients__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  description TEXT,
  contact_email TEXT,
  redirect_urls TEXT,
  scopes TEXT,
  enabled INTEGER DEFAULT 1,
  last_used_at TEXT
);

INSERT INTO company_clients__ids (id, company_id, created_at, updated_at, name, description, contact_email, redirect_urls, scopes, enabled, last_used_at) SELECT id, company_id, created_at, updated_at, name, description, contact_email, redirect_urls, scopes, enabled, last_used_at FROM company_clients;

DROP TABLE company_clients;

ALTER TABLE company_clients__ids RENAME TO company_clients;

CREATE INDEX company_clients_company_id ON company_clients (company_id, id);

CREATE INDEX company_clients_company_created ON company_clients (company_id, created_at);

CREATE TABLE company_referrals__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  contact_name TEXT,
  email TEXT,
  referral_code TEXT,
  status TEXT DEFAULT 'invited',
  reward_amount INTEGER,
  currency TEXT DEFAULT 'USD',
  signed_up_at TEXT,
  notes TEXT
);

INSERT INTO company_referrals__ids (id, company_id, created_at, updated_at, name, contact_name, email, referral_code, status, reward_amount, currency, signed_up_at, notes) SELECT id, company_id, created_at, updated_at, name, contact_name, email, referral_code, status, reward_amount, currency, signed_up_at, notes FROM company_referrals;

DROP TABLE company_referrals;

ALTER TABLE company_referrals__ids RENAME TO company_referrals;

CREATE INDEX company_referrals_company_id ON company_referrals (company_id, id);

CREATE INDEX company_referrals_company_created ON company_referrals (company_id, created_at);

CREATE TABLE company_settings__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  key TEXT,
  value TEXT,
  description TEXT
);

INSERT INTO company_settings__ids (id, company_id, created_at, updated_at, key, value, description) SELECT id, company_id, created_at, updated_at, key, value, description FROM company_settings;

DROP TABLE company_settings;

ALTER TABLE company_settings__ids RENAME TO company_settings;

CREATE INDEX company_settings_company_id ON company_settings (company_id, id);

CREATE INDEX company_settings_company_created ON company_settings (company_id, created_at);

CREATE UNIQUE INDEX company_settings_unique_key ON company_settings (company_id, key);

CREATE TABLE currencies__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  iso TEXT,
  name TEXT,
  symbol TEXT,
  exchange_rate REAL DEFAULT 1,
  use_live_rates INTEGER DEFAULT 1,
  round_up INTEGER DEFAULT 0
);

INSERT INTO currencies__ids (id, company_id, created_at, updated_at, iso, name, symbol, exchange_rate, use_live_rates, round_up) SELECT id, company_id, created_at, updated_at, iso, name, symbol, exchange_rate, use_live_rates, round_up FROM currencies;

DROP TABLE currencies;

ALTER TABLE currencies__ids RENAME TO currencies;

CREATE INDEX currencies_company_id ON currencies (company_id, id);

CREATE INDEX currencies_company_created ON currencies (company_id, created_at);

CREATE UNIQUE INDEX currencies_unique_iso ON currencies (company_id, iso);

CREATE TABLE custom_channels__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  clone_order_notifications INTEGER DEFAULT 0,
  connected_at TEXT,
  enabled INTEGER DEFAULT 1,
  fulfillment_endpoint TEXT,
  inventory_endpoint TEXT,
  inventory_endpoint_price INTEGER,
  name TEXT,
  post_to_channel_endpoint TEXT,
  price_endpoint TEXT,
  price_endpoint_inventory INTEGER,
  price_list_endpoint TEXT,
  products_feed_format TEXT DEFAULT 'custom',
  publishing_acknowledgement TEXT DEFAULT 'sync',
  publishing_endpoint TEXT,
  resource_location TEXT,
  sales_feed_format TEXT DEFAULT 'custom',
  webhook_hash TEXT
, signing_secret TEXT);

INSERT INTO custom_channels__ids (id, company_id, created_at, updated_at, channel_id, clone_order_notifications, connected_at, enabled, fulfillment_endpoint, inventory_endpoint, inventory_endpoint_price, name, post_to_channel_endpoint, price_endpoint, price_endpoint_inventory, price_list_endpoint, products_feed_format, publishing_acknowledgement, publishing_endpoint, resource_location, sales_feed_format, webhook_hash, signing_secret) SELECT id, company_id, created_at, updated_at, channel_id, clone_order_notifications, connected_at, enabled, fulfillment_endpoint, inventory_endpoint, inventory_endpoint_price, name, post_to_channel_endpoint, price_endpoint, price_endpoint_inventory, price_list_endpoint, products_feed_format, publishing_acknowledgement, publishing_endpoint, resource_location, sales_feed_format, webhook_hash, signing_secret FROM custom_channels;

DROP TABLE custom_channels;

ALTER TABLE custom_channels__ids RENAME TO custom_channels;

CREATE INDEX custom_channels_company_id ON custom_channels (company_id, id);

CREATE INDEX custom_channels_company_created ON custom_channels (company_id, created_at);

CREATE INDEX custom_channels_channel_id ON custom_channels (company_id, channel_id);

CREATE TABLE custom_fields__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  field_type TEXT DEFAULT 'string',
  help_text TEXT,
  icon TEXT,
  label TEXT,
  name TEXT,
  namespace TEXT,
  options TEXT,
  resource TEXT DEFAULT 'any',
  show_in_reseller_portal INTEGER,
  show_in_return_portal INTEGER DEFAULT 0,
  show_in_vendor_portal INTEGER DEFAULT 0
);

INSERT INTO custom_fields__ids (id, company_id, created_at, updated_at, field_type, help_text, icon, label, name, namespace, options, resource, show_in_reseller_portal, show_in_return_portal, show_in_vendor_portal) SELECT id, company_id, created_at, updated_at, field_type, help_text, icon, label, name, namespace, options, resource, show_in_reseller_portal, show_in_return_portal, show_in_vendor_portal FROM custom_fields;

DROP TABLE custom_fields;

ALTER TABLE custom_fields__ids RENAME TO custom_fields;

CREATE INDEX custom_fields_company_id ON custom_fields (company_id, id);

CREATE INDEX custom_fields_company_created ON custom_fields (company_id, created_at);

CREATE TABLE custom_field_dropship_providers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  dropship_provider_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_dropship_providers__ids (id, company_id, created_at, updated_at, custom_field_id, dropship_provider_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, dropship_provider_id, value FROM custom_field_dropship_providers;

DROP TABLE custom_field_dropship_providers;

ALTER TABLE custom_field_dropship_providers__ids RENAME TO custom_field_dropship_providers;

CREATE INDEX custom_field_dropship_providers_company_id ON custom_field_dropship_providers (company_id, id);

CREATE INDEX custom_field_dropship_providers_company_created ON custom_field_dropship_providers (company_id, created_at);

CREATE INDEX custom_field_dropship_providers_dropship_provider_id ON custom_field_dropship_providers (company_id, dropship_provider_id);

CREATE UNIQUE INDEX custom_field_dropship_providers_unique_custom_field_id_dropship_provider_id ON custom_field_dropship_providers (company_id, custom_field_id, dropship_provider_id);

CREATE TABLE custom_field_dropshipments__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  dropshipment_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_dropshipments__ids (id, company_id, created_at, updated_at, custom_field_id, dropshipment_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, dropshipment_id, value FROM custom_field_dropshipments;

DROP TABLE custom_field_dropshipments;

ALTER TABLE custom_field_dropshipments__ids RENAME TO custom_field_dropshipments;

CREATE INDEX custom_field_dropshipments_company_id ON custom_field_dropshipments (company_id, id);

CREATE INDEX custom_field_dropshipments_company_created ON custom_field_dropshipments (company_id, created_at);

CREATE INDEX custom_field_dropshipments_dropshipment_id ON custom_field_dropshipments (company_id, dropshipment_id);

CREATE UNIQUE INDEX custom_field_dropshipments_unique_custom_field_id_dropshipment_id ON custom_field_dropshipments (company_id, custom_field_id, dropshipment_id);

CREATE TABLE custom_field_dropshipment_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  dropshipment_item_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_dropshipment_items__ids (id, company_id, created_at, updated_at, custom_field_id, dropshipment_item_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, dropshipment_item_id, value FROM custom_field_dropshipment_items;

DROP TABLE custom_field_dropshipment_items;

ALTER TABLE custom_field_dropshipment_items__ids RENAME TO custom_field_dropshipment_items;

CREATE INDEX custom_field_dropshipment_items_company_id ON custom_field_dropshipment_items (company_id, id);

CREATE INDEX custom_field_dropshipment_items_company_created ON custom_field_dropshipment_items (company_id, created_at);

CREATE INDEX custom_field_dropshipment_items_dropshipment_item_id ON custom_field_dropshipment_items (company_id, dropshipment_item_id);

CREATE UNIQUE INDEX custom_field_dropshipment_items_unique_custom_field_id_dropshipment_item_id ON custom_field_dropshipment_items (company_id, custom_field_id, dropshipment_item_id);

CREATE TABLE custom_field_purchases__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  purchase_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_purchases__ids (id, company_id, created_at, updated_at, custom_field_id, purchase_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, purchase_id, value FROM custom_field_purchases;

DROP TABLE custom_field_purchases;

ALTER TABLE custom_field_purchases__ids RENAME TO custom_field_purchases;

CREATE INDEX custom_field_purchases_company_id ON custom_field_purchases (company_id, id);

CREATE INDEX custom_field_purchases_company_created ON custom_field_purchases (company_id, created_at);

CREATE INDEX custom_field_purchases_purchase_id ON custom_field_purchases (company_id, purchase_id);

CREATE UNIQUE INDEX custom_field_purchases_unique_custom_field_id_purchase_id ON custom_field_purchases (company_id, custom_field_id, purchase_id);

CREATE TABLE custom_field_purchase_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  purchase_item_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_purchase_items__ids (id, company_id, created_at, updated_at, custom_field_id, purchase_item_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, purchase_item_id, value FROM custom_field_purchase_items;

DROP TABLE custom_field_purchase_items;

ALTER TABLE custom_field_purchase_items__ids RENAME TO custom_field_purchase_items;

CREATE INDEX custom_field_purchase_items_company_id ON custom_field_purchase_items (company_id, id);

CREATE INDEX custom_field_purchase_items_company_created ON custom_field_purchase_items (company_id, created_at);

CREATE INDEX custom_field_purchase_items_purchase_item_id ON custom_field_purchase_items (company_id, purchase_item_id);

CREATE UNIQUE INDEX custom_field_purchase_items_unique_custom_field_id_purchase_item_id ON custom_field_purchase_items (company_id, custom_field_id, purchase_item_id);

CREATE TABLE custom_field_resellers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  reseller_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_resellers__ids (id, company_id, created_at, updated_at, custom_field_id, reseller_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, reseller_id, value FROM custom_field_resellers;

DROP TABLE custom_field_resellers;

ALTER TABLE custom_field_resellers__ids RENAME TO custom_field_resellers;

CREATE INDEX custom_field_resellers_company_id ON custom_field_resellers (company_id, id);

CREATE INDEX custom_field_resellers_company_created ON custom_field_resellers (company_id, created_at);

CREATE INDEX custom_field_resellers_reseller_id ON custom_field_resellers (company_id, reseller_id);

CREATE UNIQUE INDEX custom_field_resellers_unique_custom_field_id_reseller_id ON custom_field_resellers (company_id, custom_field_id, reseller_id);

CREATE TABLE custom_field_sales__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  sale_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_sales__ids (id, company_id, created_at, updated_at, custom_field_id, sale_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, sale_id, value FROM custom_field_sales;

DROP TABLE custom_field_sales;

ALTER TABLE custom_field_sales__ids RENAME TO custom_field_sales;

CREATE INDEX custom_field_sales_company_id ON custom_field_sales (company_id, id);

CREATE INDEX custom_field_sales_company_created ON custom_field_sales (company_id, created_at);

CREATE INDEX custom_field_sales_sale_id ON custom_field_sales (company_id, sale_id);

CREATE UNIQUE INDEX custom_field_sales_unique_custom_field_id_sale_id ON custom_field_sales (company_id, custom_field_id, sale_id);

CREATE TABLE custom_field_sale_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  sale_item_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_sale_items__ids (id, company_id, created_at, updated_at, custom_field_id, sale_item_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, sale_item_id, value FROM custom_field_sale_items;

DROP TABLE custom_field_sale_items;

ALTER TABLE custom_field_sale_items__ids RENAME TO custom_field_sale_items;

CREATE INDEX custom_field_sale_items_company_id ON custom_field_sale_items (company_id, id);

CREATE INDEX custom_field_sale_items_company_created ON custom_field_sale_items (company_id, created_at);

CREATE INDEX custom_field_sale_items_sale_item_id ON custom_field_sale_items (company_id, sale_item_id);

CREATE UNIQUE INDEX custom_field_sale_items_unique_custom_field_id_sale_item_id ON custom_field_sale_items (company_id, custom_field_id, sale_item_id);

CREATE TABLE custom_field_sale_returns__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  sale_return_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_sale_returns__ids (id, company_id, created_at, updated_at, custom_field_id, sale_return_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, sale_return_id, value FROM custom_field_sale_returns;

DROP TABLE custom_field_sale_returns;

ALTER TABLE custom_field_sale_returns__ids RENAME TO custom_field_sale_returns;

CREATE INDEX custom_field_sale_returns_company_id ON custom_field_sale_returns (company_id, id);

CREATE INDEX custom_field_sale_returns_company_created ON custom_field_sale_returns (company_id, created_at);

CREATE INDEX custom_field_sale_returns_sale_return_id ON custom_field_sale_returns (company_id, sale_return_id);

CREATE UNIQUE INDEX custom_field_sale_returns_unique_custom_field_id_sale_return_id ON custom_field_sale_returns (company_id, custom_field_id, sale_return_id);

CREATE TABLE custom_field_sale_return_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  sale_return_item_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_sale_return_items__ids (id, company_id, created_at, updated_at, custom_field_id, sale_return_item_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, sale_return_item_id, value FROM custom_field_sale_return_items;

DROP TABLE custom_field_sale_return_items;

ALTER TABLE custom_field_sale_return_items__ids RENAME TO custom_field_sale_return_items;

CREATE INDEX custom_field_sale_return_items_company_id ON custom_field_sale_return_items (company_id, id);

CREATE INDEX custom_field_sale_return_items_company_created ON custom_field_sale_return_items (company_id, created_at);

CREATE INDEX custom_field_sale_return_items_sale_return_item_id ON custom_field_sale_return_items (company_id, sale_return_item_id);

CREATE UNIQUE INDEX custom_field_sale_return_items_unique_custom_field_id_sale_return_item_id ON custom_field_sale_return_items (company_id, custom_field_id, sale_return_item_id);

CREATE TABLE custom_field_scopes__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  resource TEXT,
  channel_id INTEGER,
  dropship_provider_id INTEGER,
  value_required INTEGER DEFAULT 0,
  position INTEGER DEFAULT 0
);

INSERT INTO custom_field_scopes__ids (id, company_id, created_at, updated_at, custom_field_id, resource, channel_id, dropship_provider_id, value_required, position) SELECT id, company_id, created_at, updated_at, custom_field_id, resource, channel_id, dropship_provider_id, value_required, position FROM custom_field_scopes;

DROP TABLE custom_field_scopes;

ALTER TABLE custom_field_scopes__ids RENAME TO custom_field_scopes;

CREATE INDEX custom_field_scopes_company_id ON custom_field_scopes (company_id, id);

CREATE INDEX custom_field_scopes_company_created ON custom_field_scopes (company_id, created_at);

CREATE INDEX custom_field_scopes_custom_field_id ON custom_field_scopes (company_id, custom_field_id);

CREATE INDEX custom_field_scopes_channel_id ON custom_field_scopes (company_id, channel_id);

CREATE INDEX custom_field_scopes_dropship_provider_id ON custom_field_scopes (company_id, dropship_provider_id);

CREATE TABLE custom_field_variants__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  variant_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_variants__ids (id, company_id, created_at, updated_at, custom_field_id, variant_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, variant_id, value FROM custom_field_variants;

DROP TABLE custom_field_variants;

ALTER TABLE custom_field_variants__ids RENAME TO custom_field_variants;

CREATE INDEX custom_field_variants_company_id ON custom_field_variants (company_id, id);

CREATE INDEX custom_field_variants_company_created ON custom_field_variants (company_id, created_at);

CREATE INDEX custom_field_variants_variant_id ON custom_field_variants (company_id, variant_id);

CREATE UNIQUE INDEX custom_field_variants_unique_custom_field_id_variant_id ON custom_field_variants (company_id, custom_field_id, variant_id);

CREATE TABLE custom_field_vendors__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  custom_field_id INTEGER,
  vendor_id INTEGER,
  value TEXT
);

INSERT INTO custom_field_vendors__ids (id, company_id, created_at, updated_at, custom_field_id, vendor_id, value) SELECT id, company_id, created_at, updated_at, custom_field_id, vendor_id, value FROM custom_field_vendors;

DROP TABLE custom_field_vendors;

ALTER TABLE custom_field_vendors__ids RENAME TO custom_field_vendors;

CREATE INDEX custom_field_vendors_company_id ON custom_field_vendors (company_id, id);

CREATE INDEX custom_field_vendors_company_created ON custom_field_vendors (company_id, created_at);

CREATE INDEX custom_field_vendors_vendor_id ON custom_field_vendors (company_id, vendor_id);

CREATE UNIQUE INDEX custom_field_vendors_unique_custom_field_id_vendor_id ON custom_field_vendors (company_id, custom_field_id, vendor_id);

CREATE TABLE customers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  email TEXT,
  name TEXT,
  first_name TEXT,
  last_name TEXT,
  company_code TEXT,
  tax_number TEXT,
  phone TEXT,
  fax TEXT,
  accounts_email TEXT,
  order_email TEXT,
  returns_email TEXT,
  status TEXT DEFAULT 'active',
  reseller_id INTEGER,
  price_list_id INTEGER,
  user_id INTEGER,
  token TEXT,
  tags TEXT,
  notes TEXT,
  sale_notes TEXT
);

INSERT INTO customers__ids (id, company_id, created_at, updated_at, email, name, first_name, last_name, company_code, tax_number, phone, fax, accounts_email, order_email, returns_email, status, reseller_id, price_list_id, user_id, token, tags, notes, sale_notes) SELECT id, company_id, created_at, updated_at, email, name, first_name, last_name, company_code, tax_number, phone, fax, accounts_email, order_email, returns_email, status, reseller_id, price_list_id, user_id, token, tags, notes, sale_notes FROM customers;

DROP TABLE customers;

ALTER TABLE customers__ids RENAME TO customers;

CREATE INDEX customers_company_id ON customers (company_id, id);

CREATE INDEX customers_company_created ON customers (company_id, created_at);

CREATE INDEX customers_reseller_id ON customers (company_id, reseller_id);

CREATE INDEX customers_email_caseless ON customers (company_id, lower(email));

CREATE TABLE customer_addresses__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  customer_id INTEGER,
  type TEXT DEFAULT 'shipping',
  is_default INTEGER DEFAULT 0,
  name TEXT,
  company TEXT,
  address_line_one TEXT,
  address_line_two TEXT,
  city TEXT,
  state TEXT,
  zip TEXT,
  country TEXT,
  phone TEXT,
  email TEXT
);

INSERT INTO customer_addresses__ids (id, company_id, created_at, updated_at, customer_id, type, is_default, name, company, address_line_one, address_line_two, city, state, zip, country, phone, email) SELECT id, company_id, created_at, updated_at, customer_id, type, is_default, name, company, address_line_one, address_line_two, city, state, zip, country, phone, email FROM customer_addresses;

DROP TABLE customer_addresses;

ALTER TABLE customer_addresses__ids RENAME TO customer_addresses;

CREATE INDEX customer_addresses_company_id ON customer_addresses (company_id, id);

CREATE INDEX customer_addresses_company_created ON customer_addresses (company_id, created_at);

CREATE INDEX customer_addresses_customer_id ON customer_addresses (company_id, customer_id);

CREATE TABLE data_exports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  display_name TEXT,
  status TEXT DEFAULT 'pending',
  export_type TEXT,
  format TEXT DEFAULT 'csv',
  inventory_export_id INTEGER,
  inventory_feed_id INTEGER,
  dropship_provider_id INTEGER,
  template_id INTEGER,
  stock_take_id INTEGER,
  read INTEGER DEFAULT 0,
  mute_error INTEGER DEFAULT 0,
  admin_notes TEXT,
  file_name TEXT,
  content_type TEXT,
  url TEXT,
  row_count INTEGER,
  byte_size INTEGER,
  error_message TEXT,
  queued_at TEXT,
  started_at TEXT,
  completed_at TEXT
, user_id INTEGER, inventory_import_id INTEGER, file_uri TEXT);

INSERT INTO data_exports__ids (id, company_id, created_at, updated_at, display_name, status, export_type, format, inventory_export_id, inventory_feed_id, dropship_provider_id, template_id, stock_take_id, read, mute_error, admin_notes, file_name, content_type, url, row_count, byte_size, error_message, queued_at, started_at, completed_at, user_id, inventory_import_id, file_uri) SELECT id, company_id, created_at, updated_at, display_name, status, export_type, format, inventory_export_id, inventory_feed_id, dropship_provider_id, template_id, stock_take_id, read, mute_error, admin_notes, file_name, content_type, url, row_count, byte_size, error_message, queued_at, started_at, completed_at, user_id, inventory_import_id, file_uri FROM data_exports;

DROP TABLE data_exports;

ALTER TABLE data_exports__ids RENAME TO data_exports;

CREATE INDEX data_exports_company_id ON data_exports (company_id, id);

CREATE INDEX data_exports_company_created ON data_exports (company_id, created_at);

CREATE INDEX data_exports_inventory_export_id ON data_exports (company_id, inventory_export_id);

CREATE INDEX data_exports_inventory_feed_id ON data_exports (company_id, inventory_feed_id);

CREATE INDEX data_exports_dropship_provider_id ON data_exports (company_id, dropship_provider_id);

CREATE INDEX data_exports_pending ON data_exports (id) WHERE status = 'pending';

CREATE TABLE data_imports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  added INTEGER DEFAULT 0,
  admin_notes TEXT,
  completed_at TEXT,
  dropship_provider_id INTEGER,
  error_messages TEXT,
  error_uri TEXT,
  errors INTEGER DEFAULT 0,
  file_size TEXT,
  file_uri TEXT,
  import_type TEXT,
  inventory_feed_id INTEGER,
  mute_error INTEGER DEFAULT 0,
  price_list_id INTEGER,
  queue_name TEXT,
  queued_at TEXT,
  read INTEGER DEFAULT 0,
  skipped INTEGER DEFAULT 0,
  skipped_uri TEXT,
  started_at TEXT,
  status TEXT,
  status_message TEXT,
  status_problem TEXT,
  stock_take_id INTEGER,
  updated INTEGER DEFAULT 0
);

INSERT INTO data_imports__ids (id, company_id, created_at, updated_at, added, admin_notes, completed_at, dropship_provider_id, error_messages, error_uri, errors, file_size, file_uri, import_type, inventory_feed_id, mute_error, price_list_id, queue_name, queued_at, read, skipped, skipped_uri, started_at, status, status_message, status_problem, stock_take_id, updated) SELECT id, company_id, created_at, updated_at, added, admin_notes, completed_at, dropship_provider_id, error_messages, error_uri, errors, file_size, file_uri, import_type, inventory_feed_id, mute_error, price_list_id, queue_name, queued_at, read, skipped, skipped_uri, started_at, status, status_message, status_problem, stock_take_id, updated FROM data_imports;

DROP TABLE data_imports;

ALTER TABLE data_imports__ids RENAME TO data_imports;

CREATE INDEX data_imports_company_id ON data_imports (company_id, id);

CREATE INDEX data_imports_company_created ON data_imports (company_id, created_at);

CREATE INDEX data_imports_dropship_provider_id ON data_imports (company_id, dropship_provider_id);

CREATE INDEX data_imports_inventory_feed_id ON data_imports (company_id, inventory_feed_id);

CREATE TABLE dropship_locations__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  code TEXT,
  dropship_provider_id INTEGER,
  inventory_feed_id INTEGER,
  city TEXT,
  state TEXT,
  zip TEXT,
  country TEXT,
  enabled INTEGER DEFAULT 1,
  notes TEXT
);

INSERT INTO dropship_locations__ids (id, company_id, created_at, updated_at, name, code, dropship_provider_id, inventory_feed_id, city, state, zip, country, enabled, notes) SELECT id, company_id, created_at, updated_at, name, code, dropship_provider_id, inventory_feed_id, city, state, zip, country, enabled, notes FROM dropship_locations;

DROP TABLE dropship_locations;

ALTER TABLE dropship_locations__ids RENAME TO dropship_locations;

CREATE INDEX dropship_locations_company_id ON dropship_locations (company_id, id);

CREATE INDEX dropship_locations_company_created ON dropship_locations (company_id, created_at);

CREATE INDEX dropship_locations_dropship_provider_id ON dropship_locations (company_id, dropship_provider_id);

CREATE INDEX dropship_locations_inventory_feed_id ON dropship_locations (company_id, inventory_feed_id);

CREATE TABLE dropship_platform_accounts__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  external_id TEXT,
  dropship_provider_id INTEGER,
  api_url TEXT,
  authentication_token TEXT,
  authentication_secret TEXT,
  connection_status TEXT DEFAULT 'pending',
  enabled INTEGER DEFAULT 1,
  last_synced_at TEXT
);

INSERT INTO dropship_platform_accounts__ids (id, company_id, created_at, updated_at, name, external_id, dropship_provider_id, api_url, authentication_token, authentication_secret, connection_status, enabled, last_synced_at) SELECT id, company_id, created_at, updated_at, name, external_id, dropship_provider_id, api_url, authentication_token, authentication_secret, connection_status, enabled, last_synced_at FROM dropship_platform_accounts;

DROP TABLE dropship_platform_accounts;

ALTER TABLE dropship_platform_accounts__ids RENAME TO dropship_platform_accounts;

CREATE INDEX dropship_platform_accounts_company_id ON dropship_platform_accounts (company_id, id);

CREATE INDEX dropship_platform_accounts_company_created ON dropship_platform_accounts (company_id, created_at);

CREATE INDEX dropship_platform_accounts_dropship_provider_id ON dropship_platform_accounts (company_id, dropship_provider_id);

CREATE TABLE dropship_providers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  address_line_one TEXT,
  address_line_two TEXT,
  address_routing TEXT,
  admin_notes TEXT,
  any_vendor INTEGER DEFAULT 0,
  apply_discount_code INTEGER DEFAULT 0,
  apply_return_penalty TEXT DEFAULT 'disabled',
  authentication_secret TEXT,
  authentication_token TEXT,
  automatically_pickup INTEGER,
  automatically_send_label INTEGER DEFAULT 0,
  calculate_cost_prices INTEGER,
  city TEXT,
  combine_rates INTEGER DEFAULT 0,
  commission_gross_tax INTEGER DEFAULT 0,
  commission_method TEXT DEFAULT 'retained',
  commission_price_inventory_feed_id INTEGER,
  commission_rate REAL,
  commission_rate_base TEXT DEFAULT 'saleItem',
  commission_rate_discount INTEGER,
  commission_rate_discount_codes TEXT,
  commission_rate_discount_scope TEXT DEFAULT 'all',
  commission_rate_discount_split REAL DEFAULT 100,
  commission_rate_endpoint TEXT,
  commission_rate_endpoint_hash TEXT,
  commission_rate_fixed_type TEXT DEFAULT 'deduct_by',
  contact_name TEXT,
  country TEXT,
  currency TEXT DEFAULT 'USD',
  default_carrier TEXT,
  default_service TEXT,
  email TEXT,
  enabled INTEGER DEFAULT 1,
  handling_price INTEGER,
  name TEXT,
  payment_terms_days INTEGER,
  phone TEXT,
  purchase_endpoint TEXT,
  purchase_format TEXT DEFAULT 'email',
  state TEXT,
  zip TEXT
, signing_secret TEXT);

INSERT INTO dropship_providers__ids (id, company_id, created_at, updated_at, address_line_one, address_line_two, address_routing, admin_notes, any_vendor, apply_discount_code, apply_return_penalty, authentication_secret, authentication_token, automatically_pickup, automatically_send_label, calculate_cost_prices, city, combine_rates, commission_gross_tax, commission_method, commission_price_inventory_feed_id, commission_rate, commission_rate_base, commission_rate_discount, commission_rate_discount_codes, commission_rate_discount_scope, commission_rate_discount_split, commission_rate_endpoint, commission_rate_endpoint_hash, commission_rate_fixed_type, contact_name, country, currency, default_carrier, default_service, email, enabled, handling_price, name, payment_terms_days, phone, purchase_endpoint, purchase_format, state, zip, signing_secret) SELECT id, company_id, created_at, updated_at, address_line_one, address_line_two, address_routing, admin_notes, any_vendor, apply_discount_code, apply_return_penalty, authentication_secret, authentication_token, automatically_pickup, automatically_send_label, calculate_cost_prices, city, combine_rates, commission_gross_tax, commission_method, commission_price_inventory_feed_id, commission_rate, commission_rate_base, commission_rate_discount, commission_rate_discount_codes, commission_rate_discount_scope, commission_rate_discount_split, commission_rate_endpoint, commission_rate_endpoint_hash, commission_rate_fixed_type, contact_name, country, currency, default_carrier, default_service, email, enabled, handling_price, name, payment_terms_days, phone, purchase_endpoint, purchase_format, state, zip, signing_secret FROM dropship_providers;

DROP TABLE dropship_providers;

ALTER TABLE dropship_providers__ids RENAME TO dropship_providers;

CREATE INDEX dropship_providers_company_id ON dropship_providers (company_id, id);

CREATE INDEX dropship_providers_company_created ON dropship_providers (company_id, created_at);

CREATE INDEX dropship_providers_commission_price_inventory_feed_id ON dropship_providers (company_id, commission_price_inventory_feed_id);

CREATE TABLE dropship_provider_addresses__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  purpose TEXT DEFAULT 'shipFrom',
  is_default INTEGER DEFAULT 0,
  name TEXT,
  company TEXT,
  line_one TEXT,
  line_two TEXT,
  city TEXT,
  state TEXT,
  zip TEXT,
  country TEXT,
  phone TEXT,
  email TEXT
);

INSERT INTO dropship_provider_addresses__ids (id, company_id, created_at, updated_at, dropship_provider_id, purpose, is_default, name, company, line_one, line_two, city, state, zip, country, phone, email) SELECT id, company_id, created_at, updated_at, dropship_provider_id, purpose, is_default, name, company, line_one, line_two, city, state, zip, country, phone, email FROM dropship_provider_addresses;

DROP TABLE dropship_provider_addresses;

ALTER TABLE dropship_provider_addresses__ids RENAME TO dropship_provider_addresses;

CREATE INDEX dropship_provider_addresses_company_id ON dropship_provider_addresses (company_id, id);

CREATE INDEX dropship_provider_addresses_company_created ON dropship_provider_addresses (company_id, created_at);

CREATE INDEX dropship_provider_addresses_dropship_provider_id ON dropship_provider_addresses (company_id, dropship_provider_id);

CREATE TABLE dropship_provider_agreements__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  agreement_id INTEGER,
  status TEXT DEFAULT 'pending',
  version TEXT,
  signed_by TEXT,
  signed_by_email TEXT,
  accepted_at TEXT,
  notes TEXT
);

INSERT INTO dropship_provider_agreements__ids (id, company_id, created_at, updated_at, dropship_provider_id, agreement_id, status, version, signed_by, signed_by_email, accepted_at, notes) SELECT id, company_id, created_at, updated_at, dropship_provider_id, agreement_id, status, version, signed_by, signed_by_email, accepted_at, notes FROM dropship_provider_agreements;

DROP TABLE dropship_provider_agreements;

ALTER TABLE dropship_provider_agreements__ids RENAME TO dropship_provider_agreements;

CREATE INDEX dropship_provider_agreements_company_id ON dropship_provider_agreements (company_id, id);

CREATE INDEX dropship_provider_agreements_company_created ON dropship_provider_agreements (company_id, created_at);

CREATE INDEX dropship_provider_agreements_agreement_id ON dropship_provider_agreements (company_id, agreement_id);

CREATE UNIQUE INDEX dropship_provider_agreements_unique_dropship_provider_id_agreement_id ON dropship_provider_agreements (company_id, dropship_provider_id, agreement_id);

CREATE TABLE dropship_provider_collections__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  external_id TEXT,
  name TEXT,
  handle TEXT,
  inventory_feed_id INTEGER,
  selected INTEGER DEFAULT 0,
  product_count INTEGER,
  last_fetched_at TEXT
);

INSERT INTO dropship_provider_collections__ids (id, company_id, created_at, updated_at, dropship_provider_id, external_id, name, handle, inventory_feed_id, selected, product_count, last_fetched_at) SELECT id, company_id, created_at, updated_at, dropship_provider_id, external_id, name, handle, inventory_feed_id, selected, product_count, last_fetched_at FROM dropship_provider_collections;

DROP TABLE dropship_provider_collections;

ALTER TABLE dropship_provider_collections__ids RENAME TO dropship_provider_collections;

CREATE INDEX dropship_provider_collections_company_id ON dropship_provider_collections (company_id, id);

CREATE INDEX dropship_provider_collections_company_created ON dropship_provider_collections (company_id, created_at);

CREATE INDEX dropship_provider_collections_inventory_feed_id ON dropship_provider_collections (company_id, inventory_feed_id);

CREATE UNIQUE INDEX dropship_provider_collections_unique_dropship_provider_id_external_id ON dropship_provider_collections (company_id, dropship_provider_id, external_id);

CREATE TABLE dropship_provider_collection_payloads__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_collection_id INTEGER,
  page INTEGER,
  content_type TEXT,
  payload TEXT,
  item_count INTEGER,
  status TEXT DEFAULT 'pending',
  error_message TEXT,
  processed_at TEXT
);

INSERT INTO dropship_provider_collection_payloads__ids (id, company_id, created_at, updated_at, dropship_provider_collection_id, page, content_type, payload, item_count, status, error_message, processed_at) SELECT id, company_id, created_at, updated_at, dropship_provider_collection_id, page, content_type, payload, item_count, status, error_message, processed_at FROM dropship_provider_collection_payloads;

DROP TABLE dropship_provider_collection_payloads;

ALTER TABLE dropship_provider_collection_payloads__ids RENAME TO dropship_provider_collection_payloads;

CREATE INDEX dropship_provider_collection_payloads_company_id ON dropship_provider_collection_payloads (company_id, id);

CREATE INDEX dropship_provider_collection_payloads_company_created ON dropship_provider_collection_payloads (company_id, created_at);

CREATE INDEX dropship_provider_collection_payloads_dropship_provider_collection_id ON dropship_provider_collection_payloads (company_id, dropship_provider_collection_id);

CREATE TABLE dropship_provider_inventory_feed_variants__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  inventory_feed_variant_id INTEGER,
  sku TEXT,
  cost_price INTEGER,
  quantity INTEGER DEFAULT 0,
  priority INTEGER DEFAULT 0,
  enabled INTEGER DEFAULT 1
);

INSERT INTO dropship_provider_inventory_feed_variants__ids (id, company_id, created_at, updated_at, dropship_provider_id, inventory_feed_variant_id, sku, cost_price, quantity, priority, enabled) SELECT id, company_id, created_at, updated_at, dropship_provider_id, inventory_feed_variant_id, sku, cost_price, quantity, priority, enabled FROM dropship_provider_inventory_feed_variants;

DROP TABLE dropship_provider_inventory_feed_variants;

ALTER TABLE dropship_provider_inventory_feed_variants__ids RENAME TO dropship_provider_inventory_feed_variants;

CREATE INDEX dropship_provider_inventory_feed_variants_company_id ON dropship_provider_inventory_feed_variants (company_id, id);

CREATE INDEX dropship_provider_inventory_feed_variants_company_created ON dropship_provider_inventory_feed_variants (company_id, created_at);

CREATE INDEX dropship_provider_inventory_feed_variants_inventory_feed_variant_id ON dropship_provider_inventory_feed_variants (company_id, inventory_feed_variant_id);

CREATE UNIQUE INDEX dropship_provider_inventory_feed_variants_unique_dropship_provider_id_inventory_feed_variant_id ON dropship_provider_inventory_feed_variants (company_id, dropship_provider_id, inventory_feed_variant_id);

CREATE TABLE dropship_provider_platform_actions__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  dropship_platform_account_id INTEGER,
  action TEXT,
  purchase_id INTEGER,
  status TEXT DEFAULT 'pending',
  attempts INTEGER DEFAULT 0,
  request TEXT,
  response TEXT,
  error_message TEXT,
  completed_at TEXT
);

INSERT INTO dropship_provider_platform_actions__ids (id, company_id, created_at, updated_at, dropship_provider_id, dropship_platform_account_id, action, purchase_id, status, attempts, request, response, error_message, completed_at) SELECT id, company_id, created_at, updated_at, dropship_provider_id, dropship_platform_account_id, action, purchase_id, status, attempts, request, response, error_message, completed_at FROM dropship_provider_platform_actions;

DROP TABLE dropship_provider_platform_actions;

ALTER TABLE dropship_provider_platform_actions__ids RENAME TO dropship_provider_platform_actions;

CREATE INDEX dropship_provider_platform_actions_company_id ON dropship_provider_platform_actions (company_id, id);

CREATE INDEX dropship_provider_platform_actions_company_created ON dropship_provider_platform_actions (company_id, created_at);

CREATE INDEX dropship_provider_platform_actions_dropship_provider_id ON dropship_provider_platform_actions (company_id, dropship_provider_id);

CREATE INDEX dropship_provider_platform_actions_dropship_platform_account_id ON dropship_provider_platform_actions (company_id, dropship_platform_account_id);

CREATE INDEX dropship_provider_platform_actions_purchase_id ON dropship_provider_platform_actions (company_id, purchase_id);

CREATE TABLE dropship_provider_shipment_imports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  external_id TEXT,
  purchase_id INTEGER,
  dropshipment_id INTEGER,
  tracking_number TEXT,
  carrier TEXT,
  status TEXT DEFAULT 'success',
  payload TEXT,
  error_message TEXT,
  read INTEGER DEFAULT 0
);

INSERT INTO dropship_provider_shipment_imports__ids (id, company_id, created_at, updated_at, dropship_provider_id, external_id, purchase_id, dropshipment_id, tracking_number, carrier, status, payload, error_message, read) SELECT id, company_id, created_at, updated_at, dropship_provider_id, external_id, purchase_id, dropshipment_id, tracking_number, carrier, status, payload, error_message, read FROM dropship_provider_shipment_imports;

DROP TABLE dropship_provider_shipment_imports;

ALTER TABLE dropship_provider_shipment_imports__ids RENAME TO dropship_provider_shipment_imports;

CREATE INDEX dropship_provider_shipment_imports_company_id ON dropship_provider_shipment_imports (company_id, id);

CREATE INDEX dropship_provider_shipment_imports_company_created ON dropship_provider_shipment_imports (company_id, created_at);

CREATE INDEX dropship_provider_shipment_imports_dropship_provider_id ON dropship_provider_shipment_imports (company_id, dropship_provider_id);

CREATE INDEX dropship_provider_shipment_imports_purchase_id ON dropship_provider_shipment_imports (company_id, purchase_id);

CREATE INDEX dropship_provider_shipment_imports_dropshipment_id ON dropship_provider_shipment_imports (company_id, dropshipment_id);

CREATE TABLE dropship_provider_shipping_fields__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  shipping_method TEXT,
  carrier TEXT,
  service TEXT,
  code TEXT,
  account_number TEXT,
  is_default INTEGER DEFAULT 0
);

INSERT INTO dropship_provider_shipping_fields__ids (id, company_id, created_at, updated_at, dropship_provider_id, shipping_method, carrier, service, code, account_number, is_default) SELECT id, company_id, created_at, updated_at, dropship_provider_id, shipping_method, carrier, service, code, account_number, is_default FROM dropship_provider_shipping_fields;

DROP TABLE dropship_provider_shipping_fields;

ALTER TABLE dropship_provider_shipping_fields__ids RENAME TO dropship_provider_shipping_fields;

CREATE INDEX dropship_provider_shipping_fields_company_id ON dropship_provider_shipping_fields (company_id, id);

CREATE INDEX dropship_provider_shipping_fields_company_created ON dropship_provider_shipping_fields (company_id, created_at);

CREATE UNIQUE INDEX dropship_provider_shipping_fields_unique_dropship_provider_id_shipping_method ON dropship_provider_shipping_fields (company_id, dropship_provider_id, shipping_method);

CREATE TABLE dropship_provider_warehouses__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  name TEXT,
  external_id TEXT,
  warehouse_id INTEGER,
  city TEXT,
  state TEXT,
  zip TEXT,
  country TEXT,
  handling_days INTEGER,
  is_default INTEGER DEFAULT 0,
  enabled INTEGER DEFAULT 1
);

INSERT INTO dropship_provider_warehouses__ids (id, company_id, created_at, updated_at, dropship_provider_id, name, external_id, warehouse_id, city, state, zip, country, handling_days, is_default, enabled) SELECT id, company_id, created_at, updated_at, dropship_provider_id, name, external_id, warehouse_id, city, state, zip, country, handling_days, is_default, enabled FROM dropship_provider_warehouses;

DROP TABLE dropship_provider_warehouses;

ALTER TABLE dropship_provider_warehouses__ids RENAME TO dropship_provider_warehouses;

CREATE INDEX dropship_provider_warehouses_company_id ON dropship_provider_warehouses (company_id, id);

CREATE INDEX dropship_provider_warehouses_company_created ON dropship_provider_warehouses (company_id, created_at);

CREATE INDEX dropship_provider_warehouses_warehouse_id ON dropship_provider_warehouses (company_id, warehouse_id);

CREATE UNIQUE INDEX dropship_provider_warehouses_unique_dropship_provider_id_external_id ON dropship_provider_warehouses (company_id, dropship_provider_id, external_id);

CREATE TABLE dropship_purchase_imports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_platform_account_id INTEGER,
  dropship_provider_id INTEGER,
  external_id TEXT,
  purchase_id INTEGER,
  dropshipment_id INTEGER,
  status TEXT DEFAULT 'success',
  payload TEXT,
  error_message TEXT,
  read INTEGER DEFAULT 0
);

INSERT INTO dropship_purchase_imports__ids (id, company_id, created_at, updated_at, dropship_platform_account_id, dropship_provider_id, external_id, purchase_id, dropshipment_id, status, payload, error_message, read) SELECT id, company_id, created_at, updated_at, dropship_platform_account_id, dropship_provider_id, external_id, purchase_id, dropshipment_id, status, payload, error_message, read FROM dropship_purchase_imports;

DROP TABLE dropship_purchase_imports;

ALTER TABLE dropship_purchase_imports__ids RENAME TO dropship_purchase_imports;

CREATE INDEX dropship_purchase_imports_company_id ON dropship_purchase_imports (company_id, id);

CREATE INDEX dropship_purchase_imports_company_created ON dropship_purchase_imports (company_id, created_at);

CREATE INDEX dropship_purchase_imports_dropship_platform_account_id ON dropship_purchase_imports (company_id, dropship_platform_account_id);

CREATE INDEX dropship_purchase_imports_dropship_provider_id ON dropship_purchase_imports (company_id, dropship_provider_id);

CREATE INDEX dropship_purchase_imports_purchase_id ON dropship_purchase_imports (company_id, purchase_id);

CREATE INDEX dropship_purchase_imports_dropshipment_id ON dropship_purchase_imports (company_id, dropshipment_id);

CREATE TABLE dropshipments__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT DEFAULT 'pending',
  purchase_id INTEGER,
  sale_id INTEGER,
  dropship_provider_id INTEGER,
  carrier_pickup_id INTEGER,
  user_id INTEGER,
  manifest_id INTEGER,
  reference TEXT,
  external_id TEXT,
  vendor_external_id TEXT,
  purchase_import_external_id TEXT,
  source TEXT DEFAULT 'sale',
  import_source TEXT DEFAULT 'manual',
  inventory_status TEXT DEFAULT 'notShipped',
  requires_shipping_approval TEXT DEFAULT 'notRequired',
  shipment_routing TEXT DEFAULT 'customer',
  channel_notification TEXT DEFAULT 'trigger',
  channel_attempts INTEGER DEFAULT 0,
  channel_error INTEGER,
  carrier TEXT,
  service TEXT,
  provider TEXT,
  quote_id TEXT,
  service_level TEXT,
  service_level_terms TEXT,
  days INTEGER,
  duration_terms TEXT,
  price INTEGER DEFAULT 0,
  shipped_at TEXT,
  tracking_number TEXT,
  tracking_company TEXT,
  tracking_url TEXT,
  tracking_status TEXT,
  tracking_status_date TEXT,
  tracking_status_details TEXT,
  grams REAL DEFAULT 0,
  total_weight REAL,
  weight_unit TEXT DEFAULT 'g',
  packing_depth REAL DEFAULT 2.4,
  packing_height REAL DEFAULT 13.3,
  packing_width REAL DEFAULT 11.5,
  distance_unit TEXT DEFAULT 'in',
  label_id INTEGER,
  label_url TEXT,
  label_version INTEGER DEFAULT 0,
  label_file_format TEXT,
  label_files TEXT,
  label_uris TEXT,
  label_print_status TEXT DEFAULT 'notPrinted',
  printed_label INTEGER DEFAULT 0,
  printed_label_at TEXT,
  label_error TEXT,
  label_refund INTEGER DEFAULT 0,
  label_problem TEXT,
  pickup_problem TEXT,
  send_shipping_update_problem TEXT,
  mute_error INTEGER DEFAULT 0,
  commercial_invoice_url TEXT,
  files TEXT,
  tags TEXT,
  admin_notes TEXT
);

INSERT INTO dropshipments__ids (id, company_id, created_at, updated_at, status, purchase_id, sale_id, dropship_provider_id, carrier_pickup_id, user_id, manifest_id, reference, external_id, vendor_external_id, purchase_import_external_id, source, import_source, inventory_status, requires_shipping_approval, shipment_routing, channel_notification, channel_attempts, channel_error, carrier, service, provider, quote_id, service_level, service_level_terms, days, duration_terms, price, shipped_at, tracking_number, tracking_company, tracking_url, tracking_status, tracking_status_date, tracking_status_details, grams, total_weight, weight_unit, packing_depth, packing_height, packing_width, distance_unit, label_id, label_url, label_version, label_file_format, label_files, label_uris, label_print_status, printed_label, printed_label_at, label_error, label_refund, label_problem, pickup_problem, send_shipping_update_problem, mute_error, commercial_invoice_url, files, tags, admin_notes) SELECT id, company_id, created_at, updated_at, status, purchase_id, sale_id, dropship_provider_id, carrier_pickup_id, user_id, manifest_id, reference, external_id, vendor_external_id, purchase_import_external_id, source, import_source, inventory_status, requires_shipping_approval, shipment_routing, channel_notification, channel_attempts, channel_error, carrier, service, provider, quote_id, service_level, service_level_terms, days, duration_terms, price, shipped_at, tracking_number, tracking_company, tracking_url, tracking_status, tracking_status_date, tracking_status_details, grams, total_weight, weight_unit, packing_depth, packing_height, packing_width, distance_unit, label_id, label_url, label_version, label_file_format, label_files, label_uris, label_print_status, printed_label, printed_label_at, label_error, label_refund, label_problem, pickup_problem, send_shipping_update_problem, mute_error, commercial_invoice_url, files, tags, admin_notes FROM dropshipments;

DROP TABLE dropshipments;

ALTER TABLE dropshipments__ids RENAME TO dropshipments;

CREATE INDEX dropshipments_company_id ON dropshipments (company_id, id);

CREATE INDEX dropshipments_company_created ON dropshipments (company_id, created_at);

CREATE INDEX dropshipments_purchase_id ON dropshipments (company_id, purchase_id);

CREATE INDEX dropshipments_sale_id ON dropshipments (company_id, sale_id);

CREATE INDEX dropshipments_dropship_provider_id ON dropshipments (company_id, dropship_provider_id);

CREATE INDEX dropshipments_carrier_pickup_id ON dropshipments (company_id, carrier_pickup_id);

CREATE INDEX dropshipments_label_id ON dropshipments (company_id, label_id);

CREATE TABLE dropshipment_imports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  purchase_id INTEGER,
  dropshipment_id INTEGER,
  external_id TEXT,
  source TEXT DEFAULT 'api',
  status TEXT DEFAULT 'success',
  tracking_number TEXT,
  payload TEXT,
  problem TEXT
);

INSERT INTO dropshipment_imports__ids (id, company_id, created_at, updated_at, dropship_provider_id, purchase_id, dropshipment_id, external_id, source, status, tracking_number, payload, problem) SELECT id, company_id, created_at, updated_at, dropship_provider_id, purchase_id, dropshipment_id, external_id, source, status, tracking_number, payload, problem FROM dropshipment_imports;

DROP TABLE dropshipment_imports;

ALTER TABLE dropshipment_imports__ids RENAME TO dropshipment_imports;

CREATE INDEX dropshipment_imports_company_id ON dropshipment_imports (company_id, id);

CREATE INDEX dropshipment_imports_company_created ON dropshipment_imports (company_id, created_at);

CREATE INDEX dropshipment_imports_dropship_provider_id ON dropshipment_imports (company_id, dropship_provider_id);

CREATE INDEX dropshipment_imports_purchase_id ON dropshipment_imports (company_id, purchase_id);

CREATE INDEX dropshipment_imports_dropshipment_id ON dropshipment_imports (company_id, dropshipment_id);

CREATE TABLE dropshipment_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropshipment_id INTEGER,
  purchase_item_id INTEGER,
  external_id TEXT,
  sku TEXT,
  name TEXT,
  quantity INTEGER
);

INSERT INTO dropshipment_items__ids (id, company_id, created_at, updated_at, dropshipment_id, purchase_item_id, external_id, sku, name, quantity) SELECT id, company_id, created_at, updated_at, dropshipment_id, purchase_item_id, external_id, sku, name, quantity FROM dropshipment_items;

DROP TABLE dropshipment_items;

ALTER TABLE dropshipment_items__ids RENAME TO dropshipment_items;

CREATE INDEX dropshipment_items_company_id ON dropshipment_items (company_id, id);

CREATE INDEX dropshipment_items_company_created ON dropshipment_items (company_id, created_at);

CREATE INDEX dropshipment_items_dropshipment_id ON dropshipment_items (company_id, dropshipment_id);

CREATE INDEX dropshipment_items_purchase_item_id ON dropshipment_items (company_id, purchase_item_id);

CREATE TABLE errors__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  source TEXT,
  code TEXT,
  message TEXT,
  details TEXT,
  subject_kind TEXT,
  subject_id INTEGER,
  resolved INTEGER DEFAULT 0,
  resolved_at TEXT,
  occurred_at TEXT
);

INSERT INTO errors__ids (id, company_id, created_at, updated_at, source, code, message, details, subject_kind, subject_id, resolved, resolved_at, occurred_at) SELECT id, company_id, created_at, updated_at, source, code, message, details, subject_kind, subject_id, resolved, resolved_at, occurred_at FROM errors;

DROP TABLE errors;

ALTER TABLE errors__ids RENAME TO errors;

CREATE INDEX errors_company_id ON errors (company_id, id);

CREATE INDEX errors_company_created ON errors (company_id, created_at);

CREATE TABLE fulfillments__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT DEFAULT 'pending',
  sale_id INTEGER,
  warehouse_id INTEGER,
  dropshipment_id INTEGER,
  purchase_id INTEGER,
  user_id INTEGER,
  manifest_id INTEGER,
  reference TEXT,
  external_id TEXT,
  fulfillment_type TEXT DEFAULT 'manual',
  inventory_status TEXT DEFAULT 'notShipped',
  requires_shipping_approval TEXT DEFAULT 'notRequired',
  channel_notification TEXT DEFAULT 'trigger',
  channel_attempts INTEGER DEFAULT 0,
  channel_error INTEGER,
  shipping_name TEXT,
  shipping_company TEXT,
  shipping_address_line_one TEXT,
  shipping_address_line_two TEXT,
  shipping_city TEXT,
  shipping_state TEXT,
  shipping_zip TEXT,
  shipping_country TEXT,
  shipping_phone TEXT,
  shipping_email TEXT,
  carrier TEXT,
  service TEXT,
  provider TEXT,
  quote_id TEXT,
  service_level TEXT,
  service_level_terms TEXT,
  days INTEGER,
  duration_terms TEXT,
  price INTEGER,
  grams REAL DEFAULT 0,
  picked INTEGER DEFAULT 0,
  picked_at TEXT,
  packed INTEGER DEFAULT 0,
  packed_at TEXT,
  shipped_at TEXT,
  tracking_number TEXT,
  tracking_company TEXT,
  tracking_url TEXT,
  tracking_status TEXT,
  tracking_status_date TEXT,
  tracking_status_details TEXT,
  label_url TEXT,
  label_file_format TEXT,
  label_files TEXT,
  printed_label INTEGER DEFAULT 0,
  printed_label_at TEXT,
  label_error TEXT,
  label_refund INTEGER DEFAULT 0,
  mute_error INTEGER DEFAULT 0,
  commercial_invoice_url TEXT,
  files TEXT,
  tags TEXT,
  admin_notes TEXT
);

INSERT INTO fulfillments__ids (id, company_id, created_at, updated_at, status, sale_id, warehouse_id, dropshipment_id, purchase_id, user_id, manifest_id, reference, external_id, fulfillment_type, inventory_status, requires_shipping_approval, channel_notification, channel_attempts, channel_error, shipping_name, shipping_company, shipping_address_line_one, shipping_address_line_two, shipping_city, shipping_state, shipping_zip, shipping_country, shipping_phone, shipping_email, carrier, service, provider, quote_id, service_level, service_level_terms, days, duration_terms, price, grams, picked, picked_at, packed, packed_at, shipped_at, tracking_number, tracking_company, tracking_url, tracking_status, tracking_status_date, tracking_status_details, label_url, label_file_format, label_files, printed_label, printed_label_at, label_error, label_refund, mute_error, commercial_invoice_url, files, tags, admin_notes) SELECT id, company_id, created_at, updated_at, status, sale_id, warehouse_id, dropshipment_id, purchase_id, user_id, manifest_id, reference, external_id, fulfillment_type, inventory_status, requires_shipping_approval, channel_notification, channel_attempts, channel_error, shipping_name, shipping_company, shipping_address_line_one, shipping_address_line_two, shipping_city, shipping_state, shipping_zip, shipping_country, shipping_phone, shipping_email, carrier, service, provider, quote_id, service_level, service_level_terms, days, duration_terms, price, grams, picked, picked_at, packed, packed_at, shipped_at, tracking_number, tracking_company, tracking_url, tracking_status, tracking_status_date, tracking_status_details, label_url, label_file_format, label_files, printed_label, printed_label_at, label_error, label_refund, mute_error, commercial_invoice_url, files, tags, admin_notes FROM fulfillments;

DROP TABLE fulfillments;

ALTER TABLE fulfillments__ids RENAME TO fulfillments;

CREATE INDEX fulfillments_company_id ON fulfillments (company_id, id);

CREATE INDEX fulfillments_company_created ON fulfillments (company_id, created_at);

CREATE INDEX fulfillments_sale_id ON fulfillments (company_id, sale_id);

CREATE INDEX fulfillments_warehouse_id ON fulfillments (company_id, warehouse_id);

CREATE INDEX fulfillments_dropshipment_id ON fulfillments (company_id, dropshipment_id);

CREATE INDEX fulfillments_purchase_id ON fulfillments (company_id, purchase_id);

CREATE TABLE fulfillment_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  fulfillment_id INTEGER,
  sale_item_id INTEGER,
  purchase_item_id INTEGER,
  variant_id INTEGER,
  warehouse_id INTEGER,
  external_id TEXT,
  sku TEXT,
  quantity INTEGER,
  picked INTEGER DEFAULT 0,
  packed INTEGER DEFAULT 0,
  cost_price INTEGER,
  skip_inventory_change INTEGER DEFAULT 0
);

INSERT INTO fulfillment_items__ids (id, company_id, created_at, updated_at, fulfillment_id, sale_item_id, purchase_item_id, variant_id, warehouse_id, external_id, sku, quantity, picked, packed, cost_price, skip_inventory_change) SELECT id, company_id, created_at, updated_at, fulfillment_id, sale_item_id, purchase_item_id, variant_id, warehouse_id, external_id, sku, quantity, picked, packed, cost_price, skip_inventory_change FROM fulfillment_items;

DROP TABLE fulfillment_items;

ALTER TABLE fulfillment_items__ids RENAME TO fulfillment_items;

CREATE INDEX fulfillment_items_company_id ON fulfillment_items (company_id, id);

CREATE INDEX fulfillment_items_company_created ON fulfillment_items (company_id, created_at);

CREATE INDEX fulfillment_items_fulfillment_id ON fulfillment_items (company_id, fulfillment_id);

CREATE INDEX fulfillment_items_sale_item_id ON fulfillment_items (company_id, sale_item_id);

CREATE INDEX fulfillment_items_purchase_item_id ON fulfillment_items (company_id, purchase_item_id);

CREATE INDEX fulfillment_items_variant_id ON fulfillment_items (company_id, variant_id);

CREATE INDEX fulfillment_items_warehouse_id ON fulfillment_items (company_id, warehouse_id);

CREATE TABLE goods_receipts__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  reference TEXT,
  inventory_status TEXT DEFAULT 'received',
  user_id INTEGER,
  provider TEXT,
  quote_id TEXT,
  service_level TEXT,
  service_level_terms TEXT,
  days INTEGER,
  duration_terms TEXT,
  price INTEGER DEFAULT 0,
  grams REAL DEFAULT 0,
  tracking_company TEXT,
  tracking_number TEXT,
  tracking_url TEXT,
  tracking_status TEXT,
  tracking_status_date TEXT,
  tracking_status_details TEXT,
  label_url TEXT,
  label_file_format TEXT,
  label_files TEXT,
  label_error TEXT,
  label_refund INTEGER DEFAULT 0,
  commercial_invoice_url TEXT,
  mute_error INTEGER DEFAULT 0,
  files TEXT,
  tags TEXT,
  admin_notes TEXT
);

INSERT INTO goods_receipts__ids (id, company_id, created_at, updated_at, purchase_id, reference, inventory_status, user_id, provider, quote_id, service_level, service_level_terms, days, duration_terms, price, grams, tracking_company, tracking_number, tracking_url, tracking_status, tracking_status_date, tracking_status_details, label_url, label_file_format, label_files, label_error, label_refund, commercial_invoice_url, mute_error, files, tags, admin_notes) SELECT id, company_id, created_at, updated_at, purchase_id, reference, inventory_status, user_id, provider, quote_id, service_level, service_level_terms, days, duration_terms, price, grams, tracking_company, tracking_number, tracking_url, tracking_status, tracking_status_date, tracking_status_details, label_url, label_file_format, label_files, label_error, label_refund, commercial_invoice_url, mute_error, files, tags, admin_notes FROM goods_receipts;

DROP TABLE goods_receipts;

ALTER TABLE goods_receipts__ids RENAME TO goods_receipts;

CREATE INDEX goods_receipts_company_id ON goods_receipts (company_id, id);

CREATE INDEX goods_receipts_company_created ON goods_receipts (company_id, created_at);

CREATE INDEX goods_receipts_purchase_id ON goods_receipts (company_id, purchase_id);

CREATE TABLE goods_receipt_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  goods_receipt_id INTEGER,
  purchase_item_id INTEGER,
  warehouse_id INTEGER,
  quantity INTEGER DEFAULT 0,
  skip_inventory_change INTEGER DEFAULT 0
);

INSERT INTO goods_receipt_items__ids (id, company_id, created_at, updated_at, goods_receipt_id, purchase_item_id, warehouse_id, quantity, skip_inventory_change) SELECT id, company_id, created_at, updated_at, goods_receipt_id, purchase_item_id, warehouse_id, quantity, skip_inventory_change FROM goods_receipt_items;

DROP TABLE goods_receipt_items;

ALTER TABLE goods_receipt_items__ids RENAME TO goods_receipt_items;

CREATE INDEX goods_receipt_items_company_id ON goods_receipt_items (company_id, id);

CREATE INDEX goods_receipt_items_company_created ON goods_receipt_items (company_id, created_at);

CREATE INDEX goods_receipt_items_goods_receipt_id ON goods_receipt_items (company_id, goods_receipt_id);

CREATE INDEX goods_receipt_items_purchase_item_id ON goods_receipt_items (company_id, purchase_item_id);

CREATE INDEX goods_receipt_items_warehouse_id ON goods_receipt_items (company_id, warehouse_id);

CREATE TABLE importers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  import_type TEXT,
  format TEXT DEFAULT 'csv',
  delimiter TEXT,
  has_header INTEGER DEFAULT 1,
  columns TEXT,
  dropship_provider_id INTEGER,
  inventory_feed_id INTEGER,
  enabled INTEGER DEFAULT 1,
  notes TEXT
);

INSERT INTO importers__ids (id, company_id, created_at, updated_at, name, import_type, format, delimiter, has_header, columns, dropship_provider_id, inventory_feed_id, enabled, notes) SELECT id, company_id, created_at, updated_at, name, import_type, format, delimiter, has_header, columns, dropship_provider_id, inventory_feed_id, enabled, notes FROM importers;

DROP TABLE importers;

ALTER TABLE importers__ids RENAME TO importers;

CREATE INDEX importers_company_id ON importers (company_id, id);

CREATE INDEX importers_company_created ON importers (company_id, created_at);

CREATE INDEX importers_dropship_provider_id ON importers (company_id, dropship_provider_id);

CREATE INDEX importers_inventory_feed_id ON importers (company_id, inventory_feed_id);

CREATE TABLE inventory_exports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  format TEXT DEFAULT 'csv',
  channel_id INTEGER,
  warehouse_id INTEGER,
  include_zero INTEGER DEFAULT 1,
  last_exported_at TEXT
, webhook_url TEXT, signing_secret TEXT);

INSERT INTO inventory_exports__ids (id, company_id, created_at, updated_at, name, format, channel_id, warehouse_id, include_zero, last_exported_at, webhook_url, signing_secret) SELECT id, company_id, created_at, updated_at, name, format, channel_id, warehouse_id, include_zero, last_exported_at, webhook_url, signing_secret FROM inventory_exports;

DROP TABLE inventory_exports;

ALTER TABLE inventory_exports__ids RENAME TO inventory_exports;

CREATE INDEX inventory_exports_company_id ON inventory_exports (company_id, id);

CREATE INDEX inventory_exports_company_created ON inventory_exports (company_id, created_at);

CREATE INDEX inventory_exports_channel_id ON inventory_exports (company_id, channel_id);

CREATE INDEX inventory_exports_warehouse_id ON inventory_exports (company_id, warehouse_id);

CREATE TABLE inventory_export_fields__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  inventory_export_id INTEGER,
  source TEXT,
  header TEXT,
  position INTEGER DEFAULT 0
);

INSERT INTO inventory_export_fields__ids (id, company_id, created_at, updated_at, inventory_export_id, source, header, position) SELECT id, company_id, created_at, updated_at, inventory_export_id, source, header, position FROM inventory_export_fields;

DROP TABLE inventory_export_fields;

ALTER TABLE inventory_export_fields__ids RENAME TO inventory_export_fields;

CREATE INDEX inventory_export_fields_company_id ON inventory_export_fields (company_id, id);

CREATE INDEX inventory_export_fields_company_created ON inventory_export_fields (company_id, created_at);

CREATE INDEX inventory_export_fields_inventory_export_id ON inventory_export_fields (company_id, inventory_export_id);

CREATE TABLE inventory_feeds__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  admin_notes TEXT,
  allocate_inventory INTEGER DEFAULT 0,
  allocation_buffer INTEGER,
  archive_reason TEXT DEFAULT 'other',
  authentication_secret TEXT,
  authentication_token TEXT,
  automated_fetching TEXT DEFAULT 'enabled',
  automatically_connect INTEGER DEFAULT 1,
  automatically_connect_by_barcode INTEGER DEFAULT 0,
  automatically_connect_channel_variant INTEGER,
  automatically_connect_option_values INTEGER,
  automatically_connect_prefix TEXT DEFAULT 'both',
  cache_changes INTEGER DEFAULT 0,
  cache_imports INTEGER DEFAULT 0,
  case_insensitive_skus INTEGER DEFAULT 0,
  connected INTEGER DEFAULT 0,
  csv_has_header INTEGER,
  currency_id INTEGER,
  decimal_notation TEXT DEFAULT 'decimal',
  delimiter TEXT,
  dropship_provider_id INTEGER,
  enabled INTEGER DEFAULT 1,
  exclude_tags TEXT,
  export_sku_threshold INTEGER,
  external_id_strategy TEXT,
  fetch_cleanup TEXT DEFAULT 'enabled',
  fetch_frequency TEXT DEFAULT 'hourly',
  fetch_frequency_reason TEXT,
  fetched INTEGER DEFAULT 0,
  format TEXT DEFAULT 'csv',
  handle_strategy TEXT,
  include_tags TEXT,
  last_fetched_at TEXT,
  name TEXT,
  sku_prefix TEXT,
  url TEXT,
  vendor_id INTEGER
, hash TEXT);

INSERT INTO inventory_feeds__ids (id, company_id, created_at, updated_at, admin_notes, allocate_inventory, allocation_buffer, archive_reason, authentication_secret, authentication_token, automated_fetching, automatically_connect, automatically_connect_by_barcode, automatically_connect_channel_variant, automatically_connect_option_values, automatically_connect_prefix, cache_changes, cache_imports, case_insensitive_skus, connected, csv_has_header, currency_id, decimal_notation, delimiter, dropship_provider_id, enabled, exclude_tags, export_sku_threshold, external_id_strategy, fetch_cleanup, fetch_frequency, fetch_frequency_reason, fetched, format, handle_strategy, include_tags, last_fetched_at, name, sku_prefix, url, vendor_id, hash) SELECT id, company_id, created_at, updated_at, admin_notes, allocate_inventory, allocation_buffer, archive_reason, authentication_secret, authentication_token, automated_fetching, automatically_connect, automatically_connect_by_barcode, automatically_connect_channel_variant, automatically_connect_option_values, automatically_connect_prefix, cache_changes, cache_imports, case_insensitive_skus, connected, csv_has_header, currency_id, decimal_notation, delimiter, dropship_provider_id, enabled, exclude_tags, export_sku_threshold, external_id_strategy, fetch_cleanup, fetch_frequency, fetch_frequency_reason, fetched, format, handle_strategy, include_tags, last_fetched_at, name, sku_prefix, url, vendor_id, hash FROM inventory_feeds;

DROP TABLE inventory_feeds;

ALTER TABLE inventory_feeds__ids RENAME TO inventory_feeds;

CREATE INDEX inventory_feeds_company_id ON inventory_feeds (company_id, id);

CREATE INDEX inventory_feeds_company_created ON inventory_feeds (company_id, created_at);

CREATE INDEX inventory_feeds_currency_id ON inventory_feeds (company_id, currency_id);

CREATE INDEX inventory_feeds_dropship_provider_id ON inventory_feeds (company_id, dropship_provider_id);

CREATE INDEX inventory_feeds_vendor_id ON inventory_feeds (company_id, vendor_id);

CREATE TABLE inventory_feed_channels__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  inventory_feed_id INTEGER,
  channel_id INTEGER,
  channel_price_list_id INTEGER,
  enabled INTEGER DEFAULT 1,
  last_published_at TEXT
);

INSERT INTO inventory_feed_channels__ids (id, company_id, created_at, updated_at, inventory_feed_id, channel_id, channel_price_list_id, enabled, last_published_at) SELECT id, company_id, created_at, updated_at, inventory_feed_id, channel_id, channel_price_list_id, enabled, last_published_at FROM inventory_feed_channels;

DROP TABLE inventory_feed_channels;

ALTER TABLE inventory_feed_channels__ids RENAME TO inventory_feed_channels;

CREATE INDEX inventory_feed_channels_company_id ON inventory_feed_channels (company_id, id);

CREATE INDEX inventory_feed_channels_company_created ON inventory_feed_channels (company_id, created_at);

CREATE INDEX inventory_feed_channels_channel_id ON inventory_feed_channels (company_id, channel_id);

CREATE INDEX inventory_feed_channels_channel_price_list_id ON inventory_feed_channels (company_id, channel_price_list_id);

CREATE UNIQUE INDEX inventory_feed_channels_unique_inventory_feed_id_channel_id ON inventory_feed_channels (company_id, inventory_feed_id, channel_id);

CREATE TABLE inventory_feed_fields__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  inventory_feed_id INTEGER,
  column TEXT,
  target TEXT,
  default_value TEXT,
  position INTEGER DEFAULT 0
);

INSERT INTO inventory_feed_fields__ids (id, company_id, created_at, updated_at, inventory_feed_id, column, target, default_value, position) SELECT id, company_id, created_at, updated_at, inventory_feed_id, column, target, default_value, position FROM inventory_feed_fields;

DROP TABLE inventory_feed_fields;

ALTER TABLE inventory_feed_fields__ids RENAME TO inventory_feed_fields;

CREATE INDEX inventory_feed_fields_company_id ON inventory_feed_fields (company_id, id);

CREATE INDEX inventory_feed_fields_company_created ON inventory_feed_fields (company_id, created_at);

CREATE UNIQUE INDEX inventory_feed_fields_unique_inventory_feed_id_column ON inventory_feed_fields (company_id, inventory_feed_id, column);

CREATE TABLE inventory_feed_files__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  inventory_feed_id INTEGER,
  file_name TEXT,
  content_type TEXT,
  url TEXT,
  byte_size INTEGER,
  checksum TEXT,
  row_count INTEGER,
  status TEXT DEFAULT 'pending',
  error_message TEXT,
  processed_at TEXT
);

INSERT INTO inventory_feed_files__ids (id, company_id, created_at, updated_at, inventory_feed_id, file_name, content_type, url, byte_size, checksum, row_count, status, error_message, processed_at) SELECT id, company_id, created_at, updated_at, inventory_feed_id, file_name, content_type, url, byte_size, checksum, row_count, status, error_message, processed_at FROM inventory_feed_files;

DROP TABLE inventory_feed_files;

ALTER TABLE inventory_feed_files__ids RENAME TO inventory_feed_files;

CREATE INDEX inventory_feed_files_company_id ON inventory_feed_files (company_id, id);

CREATE INDEX inventory_feed_files_company_created ON inventory_feed_files (company_id, created_at);

CREATE INDEX inventory_feed_files_inventory_feed_id ON inventory_feed_files (company_id, inventory_feed_id);

CREATE INDEX inventory_feed_files_pending ON inventory_feed_files (id) WHERE status = 'pending';

CREATE TABLE inventory_feed_json_fields__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  inventory_feed_id INTEGER,
  path TEXT,
  target TEXT,
  default_value TEXT,
  position INTEGER DEFAULT 0
);

INSERT INTO inventory_feed_json_fields__ids (id, company_id, created_at, updated_at, inventory_feed_id, path, target, default_value, position) SELECT id, company_id, created_at, updated_at, inventory_feed_id, path, target, default_value, position FROM inventory_feed_json_fields;

DROP TABLE inventory_feed_json_fields;

ALTER TABLE inventory_feed_json_fields__ids RENAME TO inventory_feed_json_fields;

CREATE INDEX inventory_feed_json_fields_company_id ON inventory_feed_json_fields (company_id, id);

CREATE INDEX inventory_feed_json_fields_company_created ON inventory_feed_json_fields (company_id, created_at);

CREATE INDEX inventory_feed_json_fields_inventory_feed_id ON inventory_feed_json_fields (company_id, inventory_feed_id);

CREATE TABLE inventory_feed_mappings__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  field TEXT,
  inventory_feed_id INTEGER,
  match_type TEXT,
  transform_from TEXT,
  transform_to TEXT,
  transform_type TEXT DEFAULT 'none'
);

INSERT INTO inventory_feed_mappings__ids (id, company_id, created_at, updated_at, field, inventory_feed_id, match_type, transform_from, transform_to, transform_type) SELECT id, company_id, created_at, updated_at, field, inventory_feed_id, match_type, transform_from, transform_to, transform_type FROM inventory_feed_mappings;

DROP TABLE inventory_feed_mappings;

ALTER TABLE inventory_feed_mappings__ids RENAME TO inventory_feed_mappings;

CREATE INDEX inventory_feed_mappings_company_id ON inventory_feed_mappings (company_id, id);

CREATE INDEX inventory_feed_mappings_company_created ON inventory_feed_mappings (company_id, created_at);

CREATE INDEX inventory_feed_mappings_inventory_feed_id ON inventory_feed_mappings (company_id, inventory_feed_id);

CREATE TABLE inventory_feed_payloads__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  inventory_feed_id INTEGER,
  content_type TEXT,
  payload TEXT,
  item_count INTEGER,
  status TEXT DEFAULT 'pending',
  error_message TEXT,
  received_at TEXT,
  processed_at TEXT
);

INSERT INTO inventory_feed_payloads__ids (id, company_id, created_at, updated_at, inventory_feed_id, content_type, payload, item_count, status, error_message, received_at, processed_at) SELECT id, company_id, created_at, updated_at, inventory_feed_id, content_type, payload, item_count, status, error_message, received_at, processed_at FROM inventory_feed_payloads;

DROP TABLE inventory_feed_payloads;

ALTER TABLE inventory_feed_payloads__ids RENAME TO inventory_feed_payloads;

CREATE INDEX inventory_feed_payloads_company_id ON inventory_feed_payloads (company_id, id);

CREATE INDEX inventory_feed_payloads_company_created ON inventory_feed_payloads (company_id, created_at);

CREATE INDEX inventory_feed_payloads_inventory_feed_id ON inventory_feed_payloads (company_id, inventory_feed_id);

CREATE TABLE inventory_feed_variants__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  inventory_feed_id INTEGER,
  external_id TEXT,
  external_group_id TEXT,
  sku TEXT,
  barcode TEXT,
  name TEXT,
  price INTEGER,
  cost_price INTEGER,
  quantity INTEGER DEFAULT 0,
  weight REAL,
  variant_id INTEGER,
  status TEXT DEFAULT 'pending',
  review_status TEXT DEFAULT 'notReviewed',
  error_message TEXT,
  published_at TEXT
, pricing_override TEXT DEFAULT 'none', inventory_quantity_override TEXT DEFAULT 'none');

INSERT INTO inventory_feed_variants__ids (id, company_id, created_at, updated_at, inventory_feed_id, external_id, external_group_id, sku, barcode, name, price, cost_price, quantity, weight, variant_id, status, review_status, error_message, published_at, pricing_override, inventory_quantity_override) SELECT id, company_id, created_at, updated_at, inventory_feed_id, external_id, external_group_id, sku, barcode, name, price, cost_price, quantity, weight, variant_id, status, review_status, error_message, published_at, pricing_override, inventory_quantity_override FROM inventory_feed_variants;

DROP TABLE inventory_feed_variants;

ALTER TABLE inventory_feed_variants__ids RENAME TO inventory_feed_variants;

CREATE INDEX inventory_feed_variants_company_id ON inventory_feed_variants (company_id, id);

CREATE INDEX inventory_feed_variants_company_created ON inventory_feed_variants (company_id, created_at);

CREATE INDEX inventory_feed_variants_variant_id ON inventory_feed_variants (company_id, variant_id);

CREATE UNIQUE INDEX inventory_feed_variants_unique_inventory_feed_id_external_id ON inventory_feed_variants (company_id, inventory_feed_id, external_id);

CREATE TABLE inventory_levels__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  variant_id INTEGER,
  warehouse_id INTEGER,
  on_hand INTEGER DEFAULT 0,
  allocated INTEGER DEFAULT 0
, location TEXT);

INSERT INTO inventory_levels__ids (id, company_id, created_at, updated_at, variant_id, warehouse_id, on_hand, allocated, location) SELECT id, company_id, created_at, updated_at, variant_id, warehouse_id, on_hand, allocated, location FROM inventory_levels;

DROP TABLE inventory_levels;

ALTER TABLE inventory_levels__ids RENAME TO inventory_levels;

CREATE INDEX inventory_levels_company_id ON inventory_levels (company_id, id);

CREATE INDEX inventory_levels_company_created ON inventory_levels (company_id, created_at);

CREATE INDEX inventory_levels_warehouse_id ON inventory_levels (company_id, warehouse_id);

CREATE UNIQUE INDEX inventory_levels_unique_variant_id_warehouse_id ON inventory_levels (company_id, variant_id, warehouse_id);

CREATE TABLE labels__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  dropshipment_id INTEGER,
  return_shipment_id INTEGER,
  direction TEXT DEFAULT 'outbound',
  carrier TEXT,
  service TEXT,
  tracking_number TEXT,
  provider TEXT,
  version INTEGER DEFAULT 1,
  format TEXT DEFAULT 'pdf',
  url TEXT
);

INSERT INTO labels__ids (id, company_id, created_at, updated_at, purchase_id, dropshipment_id, return_shipment_id, direction, carrier, service, tracking_number, provider, version, format, url) SELECT id, company_id, created_at, updated_at, purchase_id, dropshipment_id, return_shipment_id, direction, carrier, service, tracking_number, provider, version, format, url FROM labels;

DROP TABLE labels;

ALTER TABLE labels__ids RENAME TO labels;

CREATE INDEX labels_company_id ON labels (company_id, id);

CREATE INDEX labels_company_created ON labels (company_id, created_at);

CREATE INDEX labels_purchase_id ON labels (company_id, purchase_id);

CREATE INDEX labels_dropshipment_id ON labels (company_id, dropshipment_id);

CREATE INDEX labels_return_shipment_id ON labels (company_id, return_shipment_id);

CREATE TABLE option_values__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  variant_id INTEGER,
  name TEXT,
  value TEXT,
  position INTEGER DEFAULT 0
);

INSERT INTO option_values__ids (id, company_id, created_at, updated_at, variant_id, name, value, position) SELECT id, company_id, created_at, updated_at, variant_id, name, value, position FROM option_values;

DROP TABLE option_values;

ALTER TABLE option_values__ids RENAME TO option_values;

CREATE INDEX option_values_company_id ON option_values (company_id, id);

CREATE INDEX option_values_company_created ON option_values (company_id, created_at);

CREATE UNIQUE INDEX option_values_unique_variant_id_name ON option_values (company_id, variant_id, name);

CREATE TABLE payment_methods__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  source TEXT DEFAULT 'other',
  redirect_url TEXT,
  show_in_vendor_portal INTEGER DEFAULT 1,
  show_notes INTEGER DEFAULT 0
);

INSERT INTO payment_methods__ids (id, company_id, created_at, updated_at, name, source, redirect_url, show_in_vendor_portal, show_notes) SELECT id, company_id, created_at, updated_at, name, source, redirect_url, show_in_vendor_portal, show_notes FROM payment_methods;

DROP TABLE payment_methods;

ALTER TABLE payment_methods__ids RENAME TO payment_methods;

CREATE INDEX payment_methods_company_id ON payment_methods (company_id, id);

CREATE INDEX payment_methods_company_created ON payment_methods (company_id, created_at);

CREATE TABLE platform_a_stores__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  access_token TEXT,
  archive_reason TEXT DEFAULT 'other',
  authentication_type TEXT DEFAULT 'public',
  channel_id INTEGER,
  client_id TEXT,
  client_secret TEXT,
  default_category TEXT,
  enabled INTEGER DEFAULT 1,
  external_channel_id TEXT,
  import_cancelled_orders INTEGER,
  last_fetched_sales_at TEXT,
  name TEXT,
  order_polling INTEGER,
  shop TEXT,
  single_variant_pricing_update TEXT DEFAULT 'variant',
  store_hash TEXT,
  use_total_tax INTEGER
);

INSERT INTO platform_a_stores__ids (id, company_id, created_at, updated_at, access_token, archive_reason, authentication_type, channel_id, client_id, client_secret, default_category, enabled, external_channel_id, import_cancelled_orders, last_fetched_sales_at, name, order_polling, shop, single_variant_pricing_update, store_hash, use_total_tax) SELECT id, company_id, created_at, updated_at, access_token, archive_reason, authentication_type, channel_id, client_id, client_secret, default_category, enabled, external_channel_id, import_cancelled_orders, last_fetched_sales_at, name, order_polling, shop, single_variant_pricing_update, store_hash, use_total_tax FROM platform_a_stores;

DROP TABLE platform_a_stores;

ALTER TABLE platform_a_stores__ids RENAME TO platform_a_stores;

CREATE INDEX platform_a_stores_company_id ON platform_a_stores (company_id, id);

CREATE INDEX platform_a_stores_company_created ON platform_a_stores (company_id, created_at);

CREATE INDEX platform_a_stores_channel_id ON platform_a_stores (company_id, channel_id);

CREATE TABLE platform_b_stores__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  client_id TEXT,
  client_secret TEXT,
  fulfillment_endpoint TEXT,
  name TEXT,
  store_id TEXT
);

INSERT INTO platform_b_stores__ids (id, company_id, created_at, updated_at, channel_id, client_id, client_secret, fulfillment_endpoint, name, store_id) SELECT id, company_id, created_at, updated_at, channel_id, client_id, client_secret, fulfillment_endpoint, name, store_id FROM platform_b_stores;

DROP TABLE platform_b_stores;

ALTER TABLE platform_b_stores__ids RENAME TO platform_b_stores;

CREATE INDEX platform_b_stores_company_id ON platform_b_stores (company_id, id);

CREATE INDEX platform_b_stores_company_created ON platform_b_stores (company_id, created_at);

CREATE INDEX platform_b_stores_channel_id ON platform_b_stores (company_id, channel_id);

CREATE TABLE products__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  description TEXT,
  brand TEXT,
  product_type TEXT,
  vendor_id INTEGER,
  external_id TEXT,
  option_names TEXT,
  image_url TEXT,
  tags TEXT,
  status TEXT DEFAULT 'active'
);

INSERT INTO products__ids (id, company_id, created_at, updated_at, name, description, brand, product_type, vendor_id, external_id, option_names, image_url, tags, status) SELECT id, company_id, created_at, updated_at, name, description, brand, product_type, vendor_id, external_id, option_names, image_url, tags, status FROM products;

DROP TABLE products;

ALTER TABLE products__ids RENAME TO products;

CREATE INDEX products_company_id ON products (company_id, id);

CREATE INDEX products_company_created ON products (company_id, created_at);

CREATE INDEX products_vendor_id ON products (company_id, vendor_id);

CREATE INDEX products_external_id ON products (company_id, external_id);

CREATE TABLE purchases__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT DEFAULT 'pending',
  purchase_type TEXT,
  is_dropship INTEGER,
  dropship_provider_id INTEGER,
  dropship_provider_address_id INTEGER,
  sale_id INTEGER,
  warehouse_id INTEGER,
  purchase_id INTEGER,
  adjustment_reason_id INTEGER,
  purchase_status_id INTEGER,
  price_list_id INTEGER,
  user_id INTEGER,
  reference TEXT,
  customer_reference TEXT,
  internal_reference TEXT,
  purchase_import_external_id TEXT,
  inventory_status TEXT DEFAULT 'notReceived',
  invoice_status TEXT DEFAULT 'notInvoiced',
  payment_status TEXT DEFAULT 'notPaid',
  cancellation_status TEXT DEFAULT 'none',
  cancelled INTEGER DEFAULT 0,
  cancelled_at TEXT,
  approved INTEGER DEFAULT 1,
  finalized INTEGER DEFAULT 1,
  locked INTEGER DEFAULT 0,
  order_splitting TEXT DEFAULT 'group',
  order_splitting_key TEXT,
  currency TEXT DEFAULT 'USD',
  quantity INTEGER,
  subtotal INTEGER DEFAULT 0,
  shipping_price INTEGER DEFAULT 0,
  discounts INTEGER DEFAULT 0,
  tax_amount INTEGER DEFAULT 0,
  total INTEGER DEFAULT 0,
  combined_tax_rate REAL,
  city_tax_rate REAL,
  city_tax_location TEXT,
  county_tax_rate REAL,
  county_tax_location TEXT,
  district_tax_rate REAL,
  date_ordered TEXT,
  delivery_expected_at TEXT,
  payment_expected_at TEXT,
  sent_at TEXT,
  paid_at TEXT,
  receiver_name TEXT,
  receiver_company TEXT,
  receiver_address_line_one TEXT,
  receiver_address_line_two TEXT,
  receiver_city TEXT,
  receiver_state TEXT,
  receiver_zip TEXT,
  receiver_country TEXT,
  receiver_phone TEXT,
  receiver_email TEXT,
  invalid_shipping_address INTEGER DEFAULT 0,
  billing_name TEXT,
  billing_first_name TEXT,
  billing_last_name TEXT,
  billing_full_name TEXT,
  billing_address_line_one TEXT,
  billing_address_line_two TEXT,
  billing_address_message TEXT,
  billing_city TEXT,
  billing_state TEXT,
  billing_zip TEXT,
  billing_country TEXT,
  last_dropshipment_reference INTEGER DEFAULT 0,
  last_goods_receipt_reference INTEGER DEFAULT 0,
  last_purchase_invoice_reference INTEGER DEFAULT 0,
  order_problem TEXT,
  invoice_problem TEXT,
  label_problem TEXT,
  mute_error INTEGER DEFAULT 0,
  files TEXT,
  tags TEXT,
  notes TEXT,
  admin_notes TEXT,
  dropship_notes TEXT
, amount_owed INTEGER DEFAULT 0, amount_paid INTEGER DEFAULT 0, amount_outstanding INTEGER DEFAULT 0, pause_problems TEXT, invalid_billing_address TEXT);

INSERT INTO purchases__ids (id, company_id, created_at, updated_at, status, purchase_type, is_dropship, dropship_provider_id, dropship_provider_address_id, sale_id, warehouse_id, purchase_id, adjustment_reason_id, purchase_status_id, price_list_id, user_id, reference, customer_reference, internal_reference, purchase_import_external_id, inventory_status, invoice_status, payment_status, cancellation_status, cancelled, cancelled_at, approved, finalized, locked, order_splitting, order_splitting_key, currency, quantity, subtotal, shipping_price, discounts, tax_amount, total, combined_tax_rate, city_tax_rate, city_tax_location, county_tax_rate, county_tax_location, district_tax_rate, date_ordered, delivery_expected_at, payment_expected_at, sent_at, paid_at, receiver_name, receiver_company, receiver_address_line_one, receiver_address_line_two, receiver_city, receiver_state, receiver_zip, receiver_country, receiver_phone, receiver_email, invalid_shipping_address, billing_name, billing_first_name, billing_last_name, billing_full_name, billing_address_line_one, billing_address_line_two, billing_address_message, billing_city, billing_state, billing_zip, billing_country, last_dropshipment_reference, last_goods_receipt_reference, last_purchase_invoice_reference, order_problem, invoice_problem, label_problem, mute_error, files, tags, notes, admin_notes, dropship_notes, amount_owed, amount_paid, amount_outstanding, pause_problems, invalid_billing_address) SELECT id, company_id, created_at, updated_at, status, purchase_type, is_dropship, dropship_provider_id, dropship_provider_address_id, sale_id, warehouse_id, purchase_id, adjustment_reason_id, purchase_status_id, price_list_id, user_id, reference, customer_reference, internal_reference, purchase_import_external_id, inventory_status, invoice_status, payment_status, cancellation_status, cancelled, cancelled_at, approved, finalized, locked, order_splitting, order_splitting_key, currency, quantity, subtotal, shipping_price, discounts, tax_amount, total, combined_tax_rate, city_tax_rate, city_tax_location, county_tax_rate, county_tax_location, district_tax_rate, date_ordered, delivery_expected_at, payment_expected_at, sent_at, paid_at, receiver_name, receiver_company, receiver_address_line_one, receiver_address_line_two, receiver_city, receiver_state, receiver_zip, receiver_country, receiver_phone, receiver_email, invalid_shipping_address, billing_name, billing_first_name, billing_last_name, billing_full_name, billing_address_line_one, billing_address_line_two, billing_address_message, billing_city, billing_state, billing_zip, billing_country, last_dropshipment_reference, last_goods_receipt_reference, last_purchase_invoice_reference, order_problem, invoice_problem, label_problem, mute_error, files, tags, notes, admin_notes, dropship_notes, amount_owed, amount_paid, amount_outstanding, pause_problems, invalid_billing_address FROM purchases;

DROP TABLE purchases;

ALTER TABLE purchases__ids RENAME TO purchases;

CREATE INDEX purchases_company_id ON purchases (company_id, id);

CREATE INDEX purchases_company_created ON purchases (company_id, created_at);

CREATE INDEX purchases_dropship_provider_id ON purchases (company_id, dropship_provider_id);

CREATE INDEX purchases_dropship_provider_address_id ON purchases (company_id, dropship_provider_address_id);

CREATE INDEX purchases_sale_id ON purchases (company_id, sale_id);

CREATE INDEX purchases_warehouse_id ON purchases (company_id, warehouse_id);

CREATE INDEX purchases_purchase_id ON purchases (company_id, purchase_id);

CREATE INDEX purchases_adjustment_reason_id ON purchases (company_id, adjustment_reason_id);

CREATE TABLE purchase_invoice_payments__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  purchase_item_id INTEGER,
  purchase_invoice_id INTEGER,
  payment_method_id INTEGER,
  type TEXT DEFAULT 'payment',
  status TEXT DEFAULT 'active',
  amount INTEGER DEFAULT 0,
  exchange_rate REAL DEFAULT 1,
  totals TEXT,
  paid_at TEXT,
  reference TEXT,
  external_id TEXT
, transfer_id TEXT);

INSERT INTO purchase_invoice_payments__ids (id, company_id, created_at, updated_at, purchase_id, purchase_item_id, purchase_invoice_id, payment_method_id, type, status, amount, exchange_rate, totals, paid_at, reference, external_id, transfer_id) SELECT id, company_id, created_at, updated_at, purchase_id, purchase_item_id, purchase_invoice_id, payment_method_id, type, status, amount, exchange_rate, totals, paid_at, reference, external_id, transfer_id FROM purchase_invoice_payments;

DROP TABLE purchase_invoice_payments;

ALTER TABLE purchase_invoice_payments__ids RENAME TO purchase_invoice_payments;

CREATE INDEX purchase_invoice_payments_company_id ON purchase_invoice_payments (company_id, id);

CREATE INDEX purchase_invoice_payments_company_created ON purchase_invoice_payments (company_id, created_at);

CREATE INDEX purchase_invoice_payments_purchase_id ON purchase_invoice_payments (company_id, purchase_id);

CREATE INDEX purchase_invoice_payments_purchase_item_id ON purchase_invoice_payments (company_id, purchase_item_id);

CREATE INDEX purchase_invoice_payments_payment_method_id ON purchase_invoice_payments (company_id, payment_method_id);

CREATE INDEX purchase_invoice_payments_purchase_invoice_id ON purchase_invoice_payments (company_id, purchase_invoice_id);

CREATE TABLE purchase_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  sale_item_id INTEGER,
  variant_id INTEGER,
  external_id TEXT,
  sku TEXT,
  name TEXT,
  quantity INTEGER,
  price INTEGER,
  total INTEGER DEFAULT 0,
  quantity_shipped INTEGER DEFAULT 0,
  quantity_cancelled INTEGER DEFAULT 0,
  quantity_returned INTEGER DEFAULT 0,
  inventory_status TEXT DEFAULT 'notReceived',
  invoice_status TEXT DEFAULT 'notInvoiced',
  return_status TEXT DEFAULT 'notReturned'
);

INSERT INTO purchase_items__ids (id, company_id, created_at, updated_at, purchase_id, sale_item_id, variant_id, external_id, sku, name, quantity, price, total, quantity_shipped, quantity_cancelled, quantity_returned, inventory_status, invoice_status, return_status) SELECT id, company_id, created_at, updated_at, purchase_id, sale_item_id, variant_id, external_id, sku, name, quantity, price, total, quantity_shipped, quantity_cancelled, quantity_returned, inventory_status, invoice_status, return_status FROM purchase_items;

DROP TABLE purchase_items;

ALTER TABLE purchase_items__ids RENAME TO purchase_items;

CREATE INDEX purchase_items_company_id ON purchase_items (company_id, id);

CREATE INDEX purchase_items_company_created ON purchase_items (company_id, created_at);

CREATE INDEX purchase_items_purchase_id ON purchase_items (company_id, purchase_id);

CREATE INDEX purchase_items_sale_item_id ON purchase_items (company_id, sale_item_id);

CREATE INDEX purchase_items_variant_id ON purchase_items (company_id, variant_id);

CREATE TABLE purchase_notifications__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  dropship_provider_id INTEGER,
  format TEXT,
  status TEXT DEFAULT 'success',
  recipient TEXT,
  message TEXT,
  payload TEXT,
  opened_at TEXT
);

INSERT INTO purchase_notifications__ids (id, company_id, created_at, updated_at, purchase_id, dropship_provider_id, format, status, recipient, message, payload, opened_at) SELECT id, company_id, created_at, updated_at, purchase_id, dropship_provider_id, format, status, recipient, message, payload, opened_at FROM purchase_notifications;

DROP TABLE purchase_notifications;

ALTER TABLE purchase_notifications__ids RENAME TO purchase_notifications;

CREATE INDEX purchase_notifications_company_id ON purchase_notifications (company_id, id);

CREATE INDEX purchase_notifications_company_created ON purchase_notifications (company_id, created_at);

CREATE INDEX purchase_notifications_purchase_id ON purchase_notifications (company_id, purchase_id);

CREATE INDEX purchase_notifications_dropship_provider_id ON purchase_notifications (company_id, dropship_provider_id);

CREATE TABLE resellers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  code TEXT,
  email TEXT,
  phone TEXT,
  tax_number TEXT,
  status TEXT DEFAULT 'active',
  currency TEXT DEFAULT 'USD',
  discount_percent REAL DEFAULT 0,
  price_list_id INTEGER,
  payment_terms_days INTEGER,
  notes TEXT
);

INSERT INTO resellers__ids (id, company_id, created_at, updated_at, name, code, email, phone, tax_number, status, currency, discount_percent, price_list_id, payment_terms_days, notes) SELECT id, company_id, created_at, updated_at, name, code, email, phone, tax_number, status, currency, discount_percent, price_list_id, payment_terms_days, notes FROM resellers;

DROP TABLE resellers;

ALTER TABLE resellers__ids RENAME TO resellers;

CREATE INDEX resellers_company_id ON resellers (company_id, id);

CREATE INDEX resellers_company_created ON resellers (company_id, created_at);

CREATE UNIQUE INDEX resellers_unique_code ON resellers (company_id, code);

CREATE TABLE retailer_accounts__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  name TEXT,
  seller_id TEXT,
  marketplace_code TEXT,
  country TEXT,
  currency TEXT,
  access_token TEXT,
  refresh_token TEXT,
  token_expires_at TEXT,
  connection_status TEXT DEFAULT 'pending',
  last_synced_at TEXT,
  enabled INTEGER DEFAULT 1
);

INSERT INTO retailer_accounts__ids (id, company_id, created_at, updated_at, channel_id, name, seller_id, marketplace_code, country, currency, access_token, refresh_token, token_expires_at, connection_status, last_synced_at, enabled) SELECT id, company_id, created_at, updated_at, channel_id, name, seller_id, marketplace_code, country, currency, access_token, refresh_token, token_expires_at, connection_status, last_synced_at, enabled FROM retailer_accounts;

DROP TABLE retailer_accounts;

ALTER TABLE retailer_accounts__ids RENAME TO retailer_accounts;

CREATE INDEX retailer_accounts_company_id ON retailer_accounts (company_id, id);

CREATE INDEX retailer_accounts_company_created ON retailer_accounts (company_id, created_at);

CREATE INDEX retailer_accounts_channel_id ON retailer_accounts (company_id, channel_id);

CREATE TABLE retailer_account_reports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  retailer_account_id INTEGER,
  report_type TEXT,
  external_id TEXT,
  status TEXT DEFAULT 'requested',
  period_start TEXT,
  period_end TEXT,
  file_url TEXT,
  error_message TEXT,
  completed_at TEXT
);

INSERT INTO retailer_account_reports__ids (id, company_id, created_at, updated_at, retailer_account_id, report_type, external_id, status, period_start, period_end, file_url, error_message, completed_at) SELECT id, company_id, created_at, updated_at, retailer_account_id, report_type, external_id, status, period_start, period_end, file_url, error_message, completed_at FROM retailer_account_reports;

DROP TABLE retailer_account_reports;

ALTER TABLE retailer_account_reports__ids RENAME TO retailer_account_reports;

CREATE INDEX retailer_account_reports_company_id ON retailer_account_reports (company_id, id);

CREATE INDEX retailer_account_reports_company_created ON retailer_account_reports (company_id, created_at);

CREATE UNIQUE INDEX retailer_account_reports_unique_retailer_account_id_external_id ON retailer_account_reports (company_id, retailer_account_id, external_id);

CREATE TABLE return_shipments__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  sale_return_id INTEGER,
  dropship_provider_id INTEGER,
  label_id INTEGER,
  status TEXT DEFAULT 'requested',
  items TEXT,
  reason TEXT,
  carrier TEXT,
  tracking_number TEXT,
  tracking_url TEXT,
  tracking_status TEXT,
  received_at TEXT
);

INSERT INTO return_shipments__ids (id, company_id, created_at, updated_at, purchase_id, sale_return_id, dropship_provider_id, label_id, status, items, reason, carrier, tracking_number, tracking_url, tracking_status, received_at) SELECT id, company_id, created_at, updated_at, purchase_id, sale_return_id, dropship_provider_id, label_id, status, items, reason, carrier, tracking_number, tracking_url, tracking_status, received_at FROM return_shipments;

DROP TABLE return_shipments;

ALTER TABLE return_shipments__ids RENAME TO return_shipments;

CREATE INDEX return_shipments_company_id ON return_shipments (company_id, id);

CREATE INDEX return_shipments_company_created ON return_shipments (company_id, created_at);

CREATE INDEX return_shipments_purchase_id ON return_shipments (company_id, purchase_id);

CREATE INDEX return_shipments_sale_return_id ON return_shipments (company_id, sale_return_id);

CREATE INDEX return_shipments_dropship_provider_id ON return_shipments (company_id, dropship_provider_id);

CREATE INDEX return_shipments_label_id ON return_shipments (company_id, label_id);

CREATE TABLE sales__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  external_id TEXT,
  customer_id INTEGER,
  reseller_id INTEGER,
  status TEXT DEFAULT 'open',
  inventory_status TEXT DEFAULT 'notFulfilled',
  invoice_status TEXT DEFAULT 'notInvoiced',
  payment_status TEXT DEFAULT 'notPaid',
  return_status TEXT DEFAULT 'notReturned',
  cancellation_status TEXT DEFAULT 'none',
  cancel_reason TEXT,
  reseller_payee TEXT DEFAULT 'reseller',
  currency TEXT DEFAULT 'USD',
  shipping_name TEXT,
  shipping_company TEXT,
  shipping_address_line_one TEXT,
  shipping_address_line_two TEXT,
  shipping_city TEXT,
  shipping_state TEXT,
  shipping_zip TEXT,
  shipping_country TEXT,
  shipping_phone TEXT,
  shipping_email TEXT,
  subtotal INTEGER DEFAULT 0,
  shipping_price INTEGER DEFAULT 0,
  discounts INTEGER DEFAULT 0,
  tax_amount INTEGER DEFAULT 0,
  total INTEGER DEFAULT 0,
  ordered_at TEXT,
  notes TEXT
, cancelled INTEGER DEFAULT 0, finalized INTEGER DEFAULT 1, locked INTEGER DEFAULT 0, clone_reason TEXT, reference TEXT, shipping_first_name TEXT, shipping_last_name TEXT, billing_first_name TEXT, billing_last_name TEXT, billing_address_line_one TEXT, billing_address_line_two TEXT, billing_city TEXT, billing_state TEXT, billing_zip TEXT, billing_country TEXT);

INSERT INTO sales__ids (id, company_id, created_at, updated_at, channel_id, external_id, customer_id, reseller_id, status, inventory_status, invoice_status, payment_status, return_status, cancellation_status, cancel_reason, reseller_payee, currency, shipping_name, shipping_company, shipping_address_line_one, shipping_address_line_two, shipping_city, shipping_state, shipping_zip, shipping_country, shipping_phone, shipping_email, subtotal, shipping_price, discounts, tax_amount, total, ordered_at, notes, cancelled, finalized, locked, clone_reason, reference, shipping_first_name, shipping_last_name, billing_first_name, billing_last_name, billing_address_line_one, billing_address_line_two, billing_city, billing_state, billing_zip, billing_country) SELECT id, company_id, created_at, updated_at, channel_id, external_id, customer_id, reseller_id, status, inventory_status, invoice_status, payment_status, return_status, cancellation_status, cancel_reason, reseller_payee, currency, shipping_name, shipping_company, shipping_address_line_one, shipping_address_line_two, shipping_city, shipping_state, shipping_zip, shipping_country, shipping_phone, shipping_email, subtotal, shipping_price, discounts, tax_amount, total, ordered_at, notes, cancelled, finalized, locked, clone_reason, reference, shipping_first_name, shipping_last_name, billing_first_name, billing_last_name, billing_address_line_one, billing_address_line_two, billing_city, billing_state, billing_zip, billing_country FROM sales;

DROP TABLE sales;

ALTER TABLE sales__ids RENAME TO sales;

CREATE INDEX sales_company_id ON sales (company_id, id);

CREATE INDEX sales_company_created ON sales (company_id, created_at);

CREATE INDEX sales_customer_id ON sales (company_id, customer_id);

CREATE INDEX sales_reseller_id ON sales (company_id, reseller_id);

CREATE UNIQUE INDEX sales_unique_channel_id_external_id ON sales (company_id, channel_id, external_id);

CREATE TABLE sale_discount_codes__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sale_id INTEGER,
  code TEXT,
  type TEXT DEFAULT 'fixed_amount',
  amount INTEGER
);

INSERT INTO sale_discount_codes__ids (id, company_id, created_at, updated_at, sale_id, code, type, amount) SELECT id, company_id, created_at, updated_at, sale_id, code, type, amount FROM sale_discount_codes;

DROP TABLE sale_discount_codes;

ALTER TABLE sale_discount_codes__ids RENAME TO sale_discount_codes;

CREATE INDEX sale_discount_codes_company_id ON sale_discount_codes (company_id, id);

CREATE INDEX sale_discount_codes_company_created ON sale_discount_codes (company_id, created_at);

CREATE INDEX sale_discount_codes_sale_id ON sale_discount_codes (company_id, sale_id);

CREATE TABLE sale_imports__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  channel_id INTEGER,
  sale_id INTEGER,
  external_id TEXT,
  status TEXT DEFAULT 'success',
  payload TEXT,
  problem TEXT,
  message TEXT,
  email_sent INTEGER DEFAULT 0,
  read INTEGER DEFAULT 1
);

INSERT INTO sale_imports__ids (id, company_id, created_at, updated_at, channel_id, sale_id, external_id, status, payload, problem, message, email_sent, read) SELECT id, company_id, created_at, updated_at, channel_id, sale_id, external_id, status, payload, problem, message, email_sent, read FROM sale_imports;

DROP TABLE sale_imports;

ALTER TABLE sale_imports__ids RENAME TO sale_imports;

CREATE INDEX sale_imports_company_id ON sale_imports (company_id, id);

CREATE INDEX sale_imports_company_created ON sale_imports (company_id, created_at);

CREATE INDEX sale_imports_channel_id ON sale_imports (company_id, channel_id);

CREATE INDEX sale_imports_sale_id ON sale_imports (company_id, sale_id);

CREATE TABLE sale_invoice_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sale_invoice_id INTEGER,
  sale_item_id INTEGER,
  quantity INTEGER DEFAULT 0
);

INSERT INTO sale_invoice_items__ids (id, company_id, created_at, updated_at, sale_invoice_id, sale_item_id, quantity) SELECT id, company_id, created_at, updated_at, sale_invoice_id, sale_item_id, quantity FROM sale_invoice_items;

DROP TABLE sale_invoice_items;

ALTER TABLE sale_invoice_items__ids RENAME TO sale_invoice_items;

CREATE INDEX sale_invoice_items_company_id ON sale_invoice_items (company_id, id);

CREATE INDEX sale_invoice_items_company_created ON sale_invoice_items (company_id, created_at);

CREATE INDEX sale_invoice_items_sale_item_id ON sale_invoice_items (company_id, sale_item_id);

CREATE TABLE sale_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sale_id INTEGER,
  variant_id INTEGER,
  external_id TEXT,
  sku TEXT,
  name TEXT,
  quantity INTEGER,
  price INTEGER,
  total INTEGER DEFAULT 0,
  quantity_fulfilled INTEGER DEFAULT 0,
  quantity_cancelled INTEGER DEFAULT 0,
  quantity_returned INTEGER DEFAULT 0
, taxable INTEGER, properties TEXT);

INSERT INTO sale_items__ids (id, company_id, created_at, updated_at, sale_id, variant_id, external_id, sku, name, quantity, price, total, quantity_fulfilled, quantity_cancelled, quantity_returned, taxable, properties) SELECT id, company_id, created_at, updated_at, sale_id, variant_id, external_id, sku, name, quantity, price, total, quantity_fulfilled, quantity_cancelled, quantity_returned, taxable, properties FROM sale_items;

DROP TABLE sale_items;

ALTER TABLE sale_items__ids RENAME TO sale_items;

CREATE INDEX sale_items_company_id ON sale_items (company_id, id);

CREATE INDEX sale_items_company_created ON sale_items (company_id, created_at);

CREATE INDEX sale_items_sale_id ON sale_items (company_id, sale_id);

CREATE INDEX sale_items_variant_id ON sale_items (company_id, variant_id);

CREATE TABLE sale_returns__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sale_id INTEGER,
  purchase_id INTEGER,
  external_id TEXT,
  status TEXT DEFAULT 'requested',
  payment_status TEXT DEFAULT 'notPaid',
  return_label_type TEXT,
  reason TEXT,
  total INTEGER DEFAULT 0,
  notes TEXT
, type TEXT DEFAULT 'return', received_at TEXT);

INSERT INTO sale_returns__ids (id, company_id, created_at, updated_at, sale_id, purchase_id, external_id, status, payment_status, return_label_type, reason, total, notes, type, received_at) SELECT id, company_id, created_at, updated_at, sale_id, purchase_id, external_id, status, payment_status, return_label_type, reason, total, notes, type, received_at FROM sale_returns;

DROP TABLE sale_returns;

ALTER TABLE sale_returns__ids RENAME TO sale_returns;

CREATE INDEX sale_returns_company_id ON sale_returns (company_id, id);

CREATE INDEX sale_returns_company_created ON sale_returns (company_id, created_at);

CREATE INDEX sale_returns_sale_id ON sale_returns (company_id, sale_id);

CREATE INDEX sale_returns_purchase_id ON sale_returns (company_id, purchase_id);

CREATE TABLE sale_return_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sale_return_id INTEGER,
  sale_item_id INTEGER,
  sku TEXT,
  quantity INTEGER,
  amount INTEGER DEFAULT 0,
  reason TEXT
, purchase_item_id INTEGER);

INSERT INTO sale_return_items__ids (id, company_id, created_at, updated_at, sale_return_id, sale_item_id, sku, quantity, amount, reason, purchase_item_id) SELECT id, company_id, created_at, updated_at, sale_return_id, sale_item_id, sku, quantity, amount, reason, purchase_item_id FROM sale_return_items;

DROP TABLE sale_return_items;

ALTER TABLE sale_return_items__ids RENAME TO sale_return_items;

CREATE INDEX sale_return_items_company_id ON sale_return_items (company_id, id);

CREATE INDEX sale_return_items_company_created ON sale_return_items (company_id, created_at);

CREATE INDEX sale_return_items_sale_return_id ON sale_return_items (company_id, sale_return_id);

CREATE INDEX sale_return_items_sale_item_id ON sale_return_items (company_id, sale_item_id);

CREATE INDEX sale_return_items_purchase_item_id ON sale_return_items (company_id, purchase_item_id);

CREATE TABLE transfers__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT DEFAULT 'pending',
  dropship_provider_id INTEGER,
  payment_method_id INTEGER,
  source TEXT DEFAULT 'other',
  trigger TEXT DEFAULT 'manual',
  amount INTEGER,
  currency TEXT DEFAULT 'USD',
  reference TEXT,
  external_id TEXT,
  completed_at TEXT,
  notes TEXT
, name TEXT, additional_amount INTEGER DEFAULT 0, fee INTEGER DEFAULT 0, message TEXT);

INSERT INTO transfers__ids (id, company_id, created_at, updated_at, status, dropship_provider_id, payment_method_id, source, trigger, amount, currency, reference, external_id, completed_at, notes, name, additional_amount, fee, message) SELECT id, company_id, created_at, updated_at, status, dropship_provider_id, payment_method_id, source, trigger, amount, currency, reference, external_id, completed_at, notes, name, additional_amount, fee, message FROM transfers;

DROP TABLE transfers;

ALTER TABLE transfers__ids RENAME TO transfers;

CREATE INDEX transfers_company_id ON transfers (company_id, id);

CREATE INDEX transfers_company_created ON transfers (company_id, created_at);

CREATE INDEX transfers_dropship_provider_id ON transfers (company_id, dropship_provider_id);

CREATE INDEX transfers_payment_method_id ON transfers (company_id, payment_method_id);

CREATE TABLE variants__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  product_id INTEGER,
  sku TEXT,
  name TEXT,
  barcode TEXT,
  price INTEGER,
  compare_at_price INTEGER,
  cost_price INTEGER,
  weight REAL,
  dropship_provider_id INTEGER,
  vendor_id INTEGER,
  external_id TEXT,
  tags TEXT
, hs_code TEXT, country_of_origin TEXT, vendor_sku TEXT);

INSERT INTO variants__ids (id, company_id, created_at, updated_at, product_id, sku, name, barcode, price, compare_at_price, cost_price, weight, dropship_provider_id, vendor_id, external_id, tags, hs_code, country_of_origin, vendor_sku) SELECT id, company_id, created_at, updated_at, product_id, sku, name, barcode, price, compare_at_price, cost_price, weight, dropship_provider_id, vendor_id, external_id, tags, hs_code, country_of_origin, vendor_sku FROM variants;

DROP TABLE variants;

ALTER TABLE variants__ids RENAME TO variants;

CREATE INDEX variants_company_id ON variants (company_id, id);

CREATE INDEX variants_company_created ON variants (company_id, created_at);

CREATE INDEX variants_product_id ON variants (company_id, product_id);

CREATE INDEX variants_dropship_provider_id ON variants (company_id, dropship_provider_id);

CREATE INDEX variants_vendor_id ON variants (company_id, vendor_id);

CREATE UNIQUE INDEX variants_unique_sku ON variants (company_id, sku);

CREATE INDEX variants_barcode ON variants (company_id, barcode);

CREATE INDEX variants_sku_caseless ON variants (company_id, lower(sku));

CREATE INDEX variants_vendor_sku_caseless ON variants (company_id, lower(vendor_sku));

CREATE TABLE variant_parcels__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  distance_unit TEXT DEFAULT 'in',
  packing_depth REAL DEFAULT 2.4,
  packing_height REAL DEFAULT 13.3,
  packing_width REAL DEFAULT 11.5,
  source TEXT DEFAULT 'internal',
  tags TEXT,
  variant_id INTEGER,
  weight REAL DEFAULT 0,
  weight_unit TEXT DEFAULT 'g'
);

INSERT INTO variant_parcels__ids (id, company_id, created_at, updated_at, distance_unit, packing_depth, packing_height, packing_width, source, tags, variant_id, weight, weight_unit) SELECT id, company_id, created_at, updated_at, distance_unit, packing_depth, packing_height, packing_width, source, tags, variant_id, weight, weight_unit FROM variant_parcels;

DROP TABLE variant_parcels;

ALTER TABLE variant_parcels__ids RENAME TO variant_parcels;

CREATE INDEX variant_parcels_company_id ON variant_parcels (company_id, id);

CREATE INDEX variant_parcels_company_created ON variant_parcels (company_id, created_at);

CREATE INDEX variant_parcels_variant_id ON variant_parcels (company_id, variant_id);

CREATE TABLE variant_warehouse_updates__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  variant_id INTEGER,
  warehouse_id INTEGER,
  quantity INTEGER,
  quantity_before INTEGER,
  status TEXT DEFAULT 'pending',
  status_message TEXT,
  adjustment_id INTEGER,
  applied_at TEXT,
  notes TEXT
);

INSERT INTO variant_warehouse_updates__ids (id, company_id, created_at, updated_at, variant_id, warehouse_id, quantity, quantity_before, status, status_message, adjustment_id, applied_at, notes) SELECT id, company_id, created_at, updated_at, variant_id, warehouse_id, quantity, quantity_before, status, status_message, adjustment_id, applied_at, notes FROM variant_warehouse_updates;

DROP TABLE variant_warehouse_updates;

ALTER TABLE variant_warehouse_updates__ids RENAME TO variant_warehouse_updates;

CREATE INDEX variant_warehouse_updates_company_id ON variant_warehouse_updates (company_id, id);

CREATE INDEX variant_warehouse_updates_company_created ON variant_warehouse_updates (company_id, created_at);

CREATE INDEX variant_warehouse_updates_variant_id ON variant_warehouse_updates (company_id, variant_id);

CREATE INDEX variant_warehouse_updates_warehouse_id ON variant_warehouse_updates (company_id, warehouse_id);

CREATE INDEX variant_warehouse_updates_adjustment_id ON variant_warehouse_updates (company_id, adjustment_id);

CREATE TABLE vendors__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  code TEXT,
  email TEXT,
  phone TEXT,
  website TEXT,
  currency TEXT,
  country TEXT,
  external_id TEXT,
  notes TEXT
);

INSERT INTO vendors__ids (id, company_id, created_at, updated_at, name, code, email, phone, website, currency, country, external_id, notes) SELECT id, company_id, created_at, updated_at, name, code, email, phone, website, currency, country, external_id, notes FROM vendors;

DROP TABLE vendors;

ALTER TABLE vendors__ids RENAME TO vendors;

CREATE INDEX vendors_company_id ON vendors (company_id, id);

CREATE INDEX vendors_company_created ON vendors (company_id, created_at);

CREATE TABLE warehouses__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  name TEXT,
  code TEXT,
  company TEXT,
  line_one TEXT,
  line_two TEXT,
  city TEXT,
  state TEXT,
  zip TEXT,
  country TEXT,
  phone TEXT,
  email TEXT,
  is_default INTEGER DEFAULT 0
);

INSERT INTO warehouses__ids (id, company_id, created_at, updated_at, name, code, company, line_one, line_two, city, state, zip, country, phone, email, is_default) SELECT id, company_id, created_at, updated_at, name, code, company, line_one, line_two, city, state, zip, country, phone, email, is_default FROM warehouses;

DROP TABLE warehouses;

ALTER TABLE warehouses__ids RENAME TO warehouses;

CREATE INDEX warehouses_company_id ON warehouses (company_id, id);

CREATE INDEX warehouses_company_created ON warehouses (company_id, created_at);

CREATE TABLE idempotency_keys__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES companies (id),
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  body TEXT,
  location TEXT,
  created_at TEXT NOT NULL
);

INSERT INTO idempotency_keys__ids (id, company_id, key, fingerprint, status, body, location, created_at) SELECT id, company_id, key, fingerprint, status, body, location, created_at FROM idempotency_keys;

DROP TABLE idempotency_keys;

ALTER TABLE idempotency_keys__ids RENAME TO idempotency_keys;

CREATE UNIQUE INDEX idempotency_keys_company_key ON idempotency_keys (company_id, key);

CREATE TABLE purchase_invoices__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  reference TEXT,
  status TEXT DEFAULT 'active',
  amount INTEGER,
  invoiced_at TEXT,
  due_at TEXT,
  notes TEXT
);

INSERT INTO purchase_invoices__ids (id, company_id, created_at, updated_at, purchase_id, reference, status, amount, invoiced_at, due_at, notes) SELECT id, company_id, created_at, updated_at, purchase_id, reference, status, amount, invoiced_at, due_at, notes FROM purchase_invoices;

DROP TABLE purchase_invoices;

ALTER TABLE purchase_invoices__ids RENAME TO purchase_invoices;

CREATE INDEX purchase_invoices_company_id ON purchase_invoices (company_id, id);

CREATE INDEX purchase_invoices_company_created ON purchase_invoices (company_id, created_at);

CREATE INDEX purchase_invoices_purchase_id ON purchase_invoices (company_id, purchase_id);

CREATE TABLE webhook_secrets__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  endpoint_id INTEGER NOT NULL,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT
);

INSERT INTO webhook_secrets__ids (id, company_id, endpoint_id, secret, created_at, expires_at) SELECT id, company_id, endpoint_id, secret, created_at, expires_at FROM webhook_secrets;

DROP TABLE webhook_secrets;

ALTER TABLE webhook_secrets__ids RENAME TO webhook_secrets;

CREATE INDEX webhook_secrets_endpoint ON webhook_secrets (endpoint_id);

CREATE TABLE webhook_deliveries__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  purpose TEXT NOT NULL,
  endpoint_id INTEGER,
  event_id INTEGER,
  type TEXT NOT NULL,
  url TEXT NOT NULL,
  method TEXT NOT NULL DEFAULT 'POST',
  content_type TEXT NOT NULL DEFAULT 'application/json',
  body TEXT,
  headers TEXT,
  notification_id INTEGER,
  timeout_ms INTEGER NOT NULL DEFAULT 10000,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_response_status INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL
, signer TEXT, log_kind TEXT, log_id INTEGER);

INSERT INTO webhook_deliveries__ids (id, company_id, purpose, endpoint_id, event_id, type, url, method, content_type, body, headers, notification_id, timeout_ms, status, attempts, next_attempt_at, last_response_status, last_error, created_at, signer, log_kind, log_id) SELECT id, company_id, purpose, endpoint_id, event_id, type, url, method, content_type, body, headers, notification_id, timeout_ms, status, attempts, next_attempt_at, last_response_status, last_error, created_at, signer, log_kind, log_id FROM webhook_deliveries;

DROP TABLE webhook_deliveries;

ALTER TABLE webhook_deliveries__ids RENAME TO webhook_deliveries;

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);

CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (company_id, endpoint_id, id);

CREATE TABLE webhook_attempts__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id INTEGER NOT NULL,
  at TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  response_status INTEGER,
  error TEXT,
  succeeded INTEGER NOT NULL
);

INSERT INTO webhook_attempts__ids (id, delivery_id, at, duration_ms, response_status, error, succeeded) SELECT id, delivery_id, at, duration_ms, response_status, error, succeeded FROM webhook_attempts;

DROP TABLE webhook_attempts;

ALTER TABLE webhook_attempts__ids RENAME TO webhook_attempts;

CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);

CREATE TABLE webhook_cursor__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  last_event_id INTEGER NOT NULL
);

INSERT INTO webhook_cursor__ids (id, last_event_id) SELECT id, last_event_id FROM webhook_cursor;

DROP TABLE webhook_cursor;

ALTER TABLE webhook_cursor__ids RENAME TO webhook_cursor;

CREATE TABLE purchase_returns__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_id INTEGER,
  dropship_provider_id INTEGER,
  status TEXT DEFAULT 'requested',
  reference TEXT,
  reason TEXT,
  notes TEXT,
  tracking_company TEXT,
  tracking_number TEXT,
  tracking_status TEXT,
  shipped_at TEXT,
  received_at TEXT
);

INSERT INTO purchase_returns__ids (id, company_id, created_at, updated_at, purchase_id, dropship_provider_id, status, reference, reason, notes, tracking_company, tracking_number, tracking_status, shipped_at, received_at) SELECT id, company_id, created_at, updated_at, purchase_id, dropship_provider_id, status, reference, reason, notes, tracking_company, tracking_number, tracking_status, shipped_at, received_at FROM purchase_returns;

DROP TABLE purchase_returns;

ALTER TABLE purchase_returns__ids RENAME TO purchase_returns;

CREATE INDEX purchase_returns_company_id ON purchase_returns (company_id, id);

CREATE INDEX purchase_returns_company_created ON purchase_returns (company_id, created_at);

CREATE INDEX purchase_returns_purchase_id ON purchase_returns (company_id, purchase_id);

CREATE INDEX purchase_returns_dropship_provider_id ON purchase_returns (company_id, dropship_provider_id);

CREATE TABLE purchase_return_items__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  purchase_return_id INTEGER,
  purchase_item_id INTEGER,
  quantity INTEGER
);

INSERT INTO purchase_return_items__ids (id, company_id, created_at, updated_at, purchase_return_id, purchase_item_id, quantity) SELECT id, company_id, created_at, updated_at, purchase_return_id, purchase_item_id, quantity FROM purchase_return_items;

DROP TABLE purchase_return_items;

ALTER TABLE purchase_return_items__ids RENAME TO purchase_return_items;

CREATE INDEX purchase_return_items_company_id ON purchase_return_items (company_id, id);

CREATE INDEX purchase_return_items_company_created ON purchase_return_items (company_id, created_at);

CREATE INDEX purchase_return_items_purchase_return_id ON purchase_return_items (company_id, purchase_return_id);

CREATE INDEX purchase_return_items_purchase_item_id ON purchase_return_items (company_id, purchase_item_id);

CREATE TABLE webhook_endpoints__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  url TEXT,
  events TEXT,
  description TEXT,
  enabled INTEGER DEFAULT 1,
  secret_hint TEXT,
  disabled_reason TEXT,
  failing_since TEXT
);

INSERT INTO webhook_endpoints__ids (id, company_id, created_at, updated_at, url, events, description, enabled, secret_hint, disabled_reason, failing_since) SELECT id, company_id, created_at, updated_at, url, events, description, enabled, secret_hint, disabled_reason, failing_since FROM webhook_endpoints;

DROP TABLE webhook_endpoints;

ALTER TABLE webhook_endpoints__ids RENAME TO webhook_endpoints;

CREATE INDEX webhook_endpoints_company_id ON webhook_endpoints (company_id, id);

CREATE INDEX webhook_endpoints_company_created ON webhook_endpoints (company_id, created_at);

CREATE TABLE inbound_secrets__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  digest TEXT NOT NULL,
  expires_at TEXT
);

INSERT INTO inbound_secrets__ids (id, company_id, kind, record_id, digest, expires_at) SELECT id, company_id, kind, record_id, digest, expires_at FROM inbound_secrets;

DROP TABLE inbound_secrets;

ALTER TABLE inbound_secrets__ids RENAME TO inbound_secrets;

CREATE UNIQUE INDEX inbound_secrets_digest ON inbound_secrets (digest);

CREATE INDEX inbound_secrets_record ON inbound_secrets (kind, record_id);

CREATE TABLE acting_key__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  after_event INTEGER NOT NULL
);

INSERT INTO acting_key__ids (id, after_event) SELECT id, after_event FROM acting_key;

DROP TABLE acting_key;

ALTER TABLE acting_key__ids RENAME TO acting_key;

CREATE TABLE data_import_rows__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  import_id INTEGER NOT NULL,
  row_number INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  cells TEXT NOT NULL,
  message TEXT NOT NULL
);

INSERT INTO data_import_rows__ids (id, import_id, row_number, outcome, cells, message) SELECT id, import_id, row_number, outcome, cells, message FROM data_import_rows;

DROP TABLE data_import_rows;

ALTER TABLE data_import_rows__ids RENAME TO data_import_rows;

CREATE INDEX data_import_rows_import ON data_import_rows (import_id, outcome, row_number);

CREATE TABLE dropship_provider_users__ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  dropship_provider_id INTEGER,
  email TEXT,
  name TEXT,
  receives_purchase_orders INTEGER DEFAULT 1
);

INSERT INTO dropship_provider_users__ids (id, company_id, created_at, updated_at, dropship_provider_id, email, name, receives_purchase_orders) SELECT id, company_id, created_at, updated_at, dropship_provider_id, email, name, receives_purchase_orders FROM dropship_provider_users;

DROP TABLE dropship_provider_users;

ALTER TABLE dropship_provider_users__ids RENAME TO dropship_provider_users;

CREATE INDEX dropship_provider_users_company_id ON dropship_provider_users (company_id, id);

CREATE INDEX dropship_provider_users_company_created ON dropship_provider_users (company_id, created_at);

CREATE UNIQUE INDEX dropship_provider_users_unique_dropship_provider_id_email ON dropship_provider_users (company_id, dropship_provider_id, email);

CREATE TRIGGER accounting_payloads_event_created AFTER INSERT ON accounting_payloads BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'accounting_payload.created', 'accounting-payload', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.accounting_integration_id IS NULL, '', ',"accounting_integration_id":' || json_quote(NEW.accounting_integration_id)), iif(NEW.payload_type IS NULL, '', ',"payload_type":' || json_quote(NEW.payload_type)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.response_status IS NULL, '', ',"response_status":' || json_quote(NEW.response_status)), iif(NEW.response_body IS NULL, '', ',"response_body":' || json_quote(NEW.response_body)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.sent_at IS NULL, '', ',"sent_at":' || json_quote(NEW.sent_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER accounting_payloads_event_updated AFTER UPDATE ON accounting_payloads WHEN OLD.company_id IS NOT NEW.company_id OR OLD.accounting_integration_id IS NOT NEW.accounting_integration_id OR OLD.payload_type IS NOT NEW.payload_type OR OLD.sale_id IS NOT NEW.sale_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.payload IS NOT NEW.payload OR OLD.status IS NOT NEW.status OR OLD.response_status IS NOT NEW.response_status OR OLD.response_body IS NOT NEW.response_body OR OLD.error_message IS NOT NEW.error_message OR OLD.sent_at IS NOT NEW.sent_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'accounting_payload.updated', 'accounting-payload', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.accounting_integration_id IS NULL, '', ',"accounting_integration_id":' || json_quote(NEW.accounting_integration_id)), iif(NEW.payload_type IS NULL, '', ',"payload_type":' || json_quote(NEW.payload_type)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.response_status IS NULL, '', ',"response_status":' || json_quote(NEW.response_status)), iif(NEW.response_body IS NULL, '', ',"response_body":' || json_quote(NEW.response_body)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.sent_at IS NULL, '', ',"sent_at":' || json_quote(NEW.sent_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.accounting_integration_id IS NULL, '', ',"accounting_integration_id":' || json_quote(OLD.accounting_integration_id)), iif(OLD.payload_type IS NULL, '', ',"payload_type":' || json_quote(OLD.payload_type)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.response_status IS NULL, '', ',"response_status":' || json_quote(OLD.response_status)), iif(OLD.response_body IS NULL, '', ',"response_body":' || json_quote(OLD.response_body)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.sent_at IS NULL, '', ',"sent_at":' || json_quote(OLD.sent_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER accounting_payloads_event_deleted AFTER DELETE ON accounting_payloads BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'accounting_payload.deleted', 'accounting-payload', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.accounting_integration_id IS NULL, '', ',"accounting_integration_id":' || json_quote(OLD.accounting_integration_id)), iif(OLD.payload_type IS NULL, '', ',"payload_type":' || json_quote(OLD.payload_type)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.response_status IS NULL, '', ',"response_status":' || json_quote(OLD.response_status)), iif(OLD.response_body IS NULL, '', ',"response_body":' || json_quote(OLD.response_body)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.sent_at IS NULL, '', ',"sent_at":' || json_quote(OLD.sent_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER address_validations_event_created AFTER INSERT ON address_validations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'address_validation.created', 'address-validation', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER address_validations_event_updated AFTER UPDATE ON address_validations WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.source IS NOT NEW.source OR OLD.payload IS NOT NEW.payload OR OLD.response IS NOT NEW.response BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'address_validation.updated', 'address-validation', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER address_validations_event_deleted AFTER DELETE ON address_validations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'address_validation.deleted', 'address-validation', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER adjustments_event_created AFTER INSERT ON adjustments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'adjustment.created', 'adjustment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(NEW.adjustment_reason_id)), iif(NEW.automated_import IS NULL, '', ',"automated_import":' || json_quote(NEW.automated_import)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.data_import_id IS NULL, '', ',"data_import_id":' || json_quote(NEW.data_import_id)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.quantity_after IS NULL, '', ',"quantity_after":' || json_quote(NEW.quantity_after)), iif(NEW.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(NEW.quantity_before)), iif(NEW.stock_take_item_id IS NULL, '', ',"stock_take_item_id":' || json_quote(NEW.stock_take_item_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER adjustments_event_updated AFTER UPDATE ON adjustments WHEN OLD.company_id IS NOT NEW.company_id OR OLD.adjustment_reason_id IS NOT NEW.adjustment_reason_id OR OLD.automated_import IS NOT NEW.automated_import OR OLD.cost_price IS NOT NEW.cost_price OR OLD.data_import_id IS NOT NEW.data_import_id OR OLD.notes IS NOT NEW.notes OR OLD.quantity IS NOT NEW.quantity OR OLD.quantity_after IS NOT NEW.quantity_after OR OLD.quantity_before IS NOT NEW.quantity_before OR OLD.stock_take_item_id IS NOT NEW.stock_take_item_id OR OLD.user_id IS NOT NEW.user_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.warehouse_id IS NOT NEW.warehouse_id BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'adjustment.updated', 'adjustment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(NEW.adjustment_reason_id)), iif(NEW.automated_import IS NULL, '', ',"automated_import":' || json_quote(NEW.automated_import)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.data_import_id IS NULL, '', ',"data_import_id":' || json_quote(NEW.data_import_id)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.quantity_after IS NULL, '', ',"quantity_after":' || json_quote(NEW.quantity_after)), iif(NEW.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(NEW.quantity_before)), iif(NEW.stock_take_item_id IS NULL, '', ',"stock_take_item_id":' || json_quote(NEW.stock_take_item_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(OLD.adjustment_reason_id)), iif(OLD.automated_import IS NULL, '', ',"automated_import":' || json_quote(OLD.automated_import)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.data_import_id IS NULL, '', ',"data_import_id":' || json_quote(OLD.data_import_id)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.quantity_after IS NULL, '', ',"quantity_after":' || json_quote(OLD.quantity_after)), iif(OLD.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(OLD.quantity_before)), iif(OLD.stock_take_item_id IS NULL, '', ',"stock_take_item_id":' || json_quote(OLD.stock_take_item_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER adjustments_event_deleted AFTER DELETE ON adjustments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'adjustment.deleted', 'adjustment', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(OLD.adjustment_reason_id)), iif(OLD.automated_import IS NULL, '', ',"automated_import":' || json_quote(OLD.automated_import)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.data_import_id IS NULL, '', ',"data_import_id":' || json_quote(OLD.data_import_id)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.quantity_after IS NULL, '', ',"quantity_after":' || json_quote(OLD.quantity_after)), iif(OLD.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(OLD.quantity_before)), iif(OLD.stock_take_item_id IS NULL, '', ',"stock_take_item_id":' || json_quote(OLD.stock_take_item_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER adjustment_reasons_event_created AFTER INSERT ON adjustment_reasons BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'adjustment_reason.created', 'adjustment-reason', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.show_in_returns_portal IS NULL, '', ',"show_in_returns_portal":' || json_quote(NEW.show_in_returns_portal)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER adjustment_reasons_event_updated AFTER UPDATE ON adjustment_reasons WHEN OLD.company_id IS NOT NEW.company_id OR OLD.code IS NOT NEW.code OR OLD.name IS NOT NEW.name OR OLD.show_in_returns_portal IS NOT NEW.show_in_returns_portal BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'adjustment_reason.updated', 'adjustment-reason', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.show_in_returns_portal IS NULL, '', ',"show_in_returns_portal":' || json_quote(NEW.show_in_returns_portal)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.show_in_returns_portal IS NULL, '', ',"show_in_returns_portal":' || json_quote(OLD.show_in_returns_portal)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER adjustment_reasons_event_deleted AFTER DELETE ON adjustment_reasons BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'adjustment_reason.deleted', 'adjustment-reason', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.show_in_returns_portal IS NULL, '', ',"show_in_returns_portal":' || json_quote(OLD.show_in_returns_portal)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER agreements_event_created AFTER INSERT ON agreements BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'agreement.created', 'agreement', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.audience IS NULL, '', ',"audience":' || json_quote(NEW.audience)), iif(NEW.version IS NULL, '', ',"version":' || json_quote(NEW.version)), iif(NEW.body IS NULL, '', ',"body":' || json_quote(NEW.body)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.requires_signature IS NULL, '', ',"requires_signature":' || json_quote(NEW.requires_signature)), iif(NEW.active IS NULL, '', ',"active":' || json_quote(NEW.active)), iif(NEW.effective_at IS NULL, '', ',"effective_at":' || json_quote(NEW.effective_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER agreements_event_updated AFTER UPDATE ON agreements WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.audience IS NOT NEW.audience OR OLD.version IS NOT NEW.version OR OLD.body IS NOT NEW.body OR OLD.url IS NOT NEW.url OR OLD.requires_signature IS NOT NEW.requires_signature OR OLD.active IS NOT NEW.active OR OLD.effective_at IS NOT NEW.effective_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'agreement.updated', 'agreement', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.audience IS NULL, '', ',"audience":' || json_quote(NEW.audience)), iif(NEW.version IS NULL, '', ',"version":' || json_quote(NEW.version)), iif(NEW.body IS NULL, '', ',"body":' || json_quote(NEW.body)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.requires_signature IS NULL, '', ',"requires_signature":' || json_quote(NEW.requires_signature)), iif(NEW.active IS NULL, '', ',"active":' || json_quote(NEW.active)), iif(NEW.effective_at IS NULL, '', ',"effective_at":' || json_quote(NEW.effective_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.audience IS NULL, '', ',"audience":' || json_quote(OLD.audience)), iif(OLD.version IS NULL, '', ',"version":' || json_quote(OLD.version)), iif(OLD.body IS NULL, '', ',"body":' || json_quote(OLD.body)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.requires_signature IS NULL, '', ',"requires_signature":' || json_quote(OLD.requires_signature)), iif(OLD.active IS NULL, '', ',"active":' || json_quote(OLD.active)), iif(OLD.effective_at IS NULL, '', ',"effective_at":' || json_quote(OLD.effective_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER agreements_event_deleted AFTER DELETE ON agreements BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'agreement.deleted', 'agreement', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.audience IS NULL, '', ',"audience":' || json_quote(OLD.audience)), iif(OLD.version IS NULL, '', ',"version":' || json_quote(OLD.version)), iif(OLD.body IS NULL, '', ',"body":' || json_quote(OLD.body)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.requires_signature IS NULL, '', ',"requires_signature":' || json_quote(OLD.requires_signature)), iif(OLD.active IS NULL, '', ',"active":' || json_quote(OLD.active)), iif(OLD.effective_at IS NULL, '', ',"effective_at":' || json_quote(OLD.effective_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER allowed_tags_event_created AFTER INSERT ON allowed_tags BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'allowed_tag.created', 'allowed-tag', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.resource IS NULL, '', ',"resource":' || json_quote(NEW.resource)), iif(NEW.color IS NULL, '', ',"color":' || json_quote(NEW.color)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER allowed_tags_event_updated AFTER UPDATE ON allowed_tags WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.resource IS NOT NEW.resource OR OLD.color IS NOT NEW.color OR OLD.description IS NOT NEW.description BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'allowed_tag.updated', 'allowed-tag', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.resource IS NULL, '', ',"resource":' || json_quote(NEW.resource)), iif(NEW.color IS NULL, '', ',"color":' || json_quote(NEW.color)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.resource IS NULL, '', ',"resource":' || json_quote(OLD.resource)), iif(OLD.color IS NULL, '', ',"color":' || json_quote(OLD.color)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER allowed_tags_event_deleted AFTER DELETE ON allowed_tags BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'allowed_tag.deleted', 'allowed-tag', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.resource IS NULL, '', ',"resource":' || json_quote(OLD.resource)), iif(OLD.color IS NULL, '', ',"color":' || json_quote(OLD.color)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER bundle_variants_event_created AFTER INSERT ON bundle_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'bundle_variant.created', 'bundle-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.component_variant_id IS NULL, '', ',"component_variant_id":' || json_quote(NEW.component_variant_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER bundle_variants_event_updated AFTER UPDATE ON bundle_variants WHEN OLD.company_id IS NOT NEW.company_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.component_variant_id IS NOT NEW.component_variant_id OR OLD.quantity IS NOT NEW.quantity BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'bundle_variant.updated', 'bundle-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.component_variant_id IS NULL, '', ',"component_variant_id":' || json_quote(NEW.component_variant_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.component_variant_id IS NULL, '', ',"component_variant_id":' || json_quote(OLD.component_variant_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER bundle_variants_event_deleted AFTER DELETE ON bundle_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'bundle_variant.deleted', 'bundle-variant', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.component_variant_id IS NULL, '', ',"component_variant_id":' || json_quote(OLD.component_variant_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER carriers_event_created AFTER INSERT ON carriers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'carrier.created', 'carrier', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.carrier_type IS NULL, '', ',"carrier_type":' || json_quote(NEW.carrier_type)), iif(NEW.platform IS NULL, '', ',"platform":' || json_quote(NEW.platform)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER carriers_event_updated AFTER UPDATE ON carriers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.carrier_type IS NOT NEW.carrier_type OR OLD.platform IS NOT NEW.platform OR OLD.external_id IS NOT NEW.external_id BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'carrier.updated', 'carrier', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.carrier_type IS NULL, '', ',"carrier_type":' || json_quote(NEW.carrier_type)), iif(NEW.platform IS NULL, '', ',"platform":' || json_quote(NEW.platform)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.carrier_type IS NULL, '', ',"carrier_type":' || json_quote(OLD.carrier_type)), iif(OLD.platform IS NULL, '', ',"platform":' || json_quote(OLD.platform)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER carriers_event_deleted AFTER DELETE ON carriers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'carrier.deleted', 'carrier', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.carrier_type IS NULL, '', ',"carrier_type":' || json_quote(OLD.carrier_type)), iif(OLD.platform IS NULL, '', ',"platform":' || json_quote(OLD.platform)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER carrier_pickups_event_created AFTER INSERT ON carrier_pickups BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'carrier_pickup.created', 'carrier-pickup', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.pickup_at IS NULL, '', ',"pickup_at":' || json_quote(NEW.pickup_at)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.from_name IS NULL, '', ',"from_name":' || json_quote(NEW.from_name)), iif(NEW.from_address_line_one IS NULL, '', ',"from_address_line_one":' || json_quote(NEW.from_address_line_one)), iif(NEW.from_address_line_two IS NULL, '', ',"from_address_line_two":' || json_quote(NEW.from_address_line_two)), iif(NEW.from_city IS NULL, '', ',"from_city":' || json_quote(NEW.from_city)), iif(NEW.from_state IS NULL, '', ',"from_state":' || json_quote(NEW.from_state)), iif(NEW.from_zip IS NULL, '', ',"from_zip":' || json_quote(NEW.from_zip)), iif(NEW.from_country IS NULL, '', ',"from_country":' || json_quote(NEW.from_country)), iif(NEW.from_phone IS NULL, '', ',"from_phone":' || json_quote(NEW.from_phone)), iif(NEW.from_email IS NULL, '', ',"from_email":' || json_quote(NEW.from_email)), iif(NEW.to_country IS NULL, '', ',"to_country":' || json_quote(NEW.to_country)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER carrier_pickups_event_updated AFTER UPDATE ON carrier_pickups WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.carrier IS NOT NEW.carrier OR OLD.pickup_at IS NOT NEW.pickup_at OR OLD.status IS NOT NEW.status OR OLD.source IS NOT NEW.source OR OLD.external_id IS NOT NEW.external_id OR OLD.from_name IS NOT NEW.from_name OR OLD.from_address_line_one IS NOT NEW.from_address_line_one OR OLD.from_address_line_two IS NOT NEW.from_address_line_two OR OLD.from_city IS NOT NEW.from_city OR OLD.from_state IS NOT NEW.from_state OR OLD.from_zip IS NOT NEW.from_zip OR OLD.from_country IS NOT NEW.from_country OR OLD.from_phone IS NOT NEW.from_phone OR OLD.from_email IS NOT NEW.from_email OR OLD.to_country IS NOT NEW.to_country OR OLD.payload IS NOT NEW.payload OR OLD.response IS NOT NEW.response BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'carrier_pickup.updated', 'carrier-pickup', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.pickup_at IS NULL, '', ',"pickup_at":' || json_quote(NEW.pickup_at)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.from_name IS NULL, '', ',"from_name":' || json_quote(NEW.from_name)), iif(NEW.from_address_line_one IS NULL, '', ',"from_address_line_one":' || json_quote(NEW.from_address_line_one)), iif(NEW.from_address_line_two IS NULL, '', ',"from_address_line_two":' || json_quote(NEW.from_address_line_two)), iif(NEW.from_city IS NULL, '', ',"from_city":' || json_quote(NEW.from_city)), iif(NEW.from_state IS NULL, '', ',"from_state":' || json_quote(NEW.from_state)), iif(NEW.from_zip IS NULL, '', ',"from_zip":' || json_quote(NEW.from_zip)), iif(NEW.from_country IS NULL, '', ',"from_country":' || json_quote(NEW.from_country)), iif(NEW.from_phone IS NULL, '', ',"from_phone":' || json_quote(NEW.from_phone)), iif(NEW.from_email IS NULL, '', ',"from_email":' || json_quote(NEW.from_email)), iif(NEW.to_country IS NULL, '', ',"to_country":' || json_quote(NEW.to_country)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.pickup_at IS NULL, '', ',"pickup_at":' || json_quote(OLD.pickup_at)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.from_name IS NULL, '', ',"from_name":' || json_quote(OLD.from_name)), iif(OLD.from_address_line_one IS NULL, '', ',"from_address_line_one":' || json_quote(OLD.from_address_line_one)), iif(OLD.from_address_line_two IS NULL, '', ',"from_address_line_two":' || json_quote(OLD.from_address_line_two)), iif(OLD.from_city IS NULL, '', ',"from_city":' || json_quote(OLD.from_city)), iif(OLD.from_state IS NULL, '', ',"from_state":' || json_quote(OLD.from_state)), iif(OLD.from_zip IS NULL, '', ',"from_zip":' || json_quote(OLD.from_zip)), iif(OLD.from_country IS NULL, '', ',"from_country":' || json_quote(OLD.from_country)), iif(OLD.from_phone IS NULL, '', ',"from_phone":' || json_quote(OLD.from_phone)), iif(OLD.from_email IS NULL, '', ',"from_email":' || json_quote(OLD.from_email)), iif(OLD.to_country IS NULL, '', ',"to_country":' || json_quote(OLD.to_country)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER carrier_pickups_event_deleted AFTER DELETE ON carrier_pickups BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'carrier_pickup.deleted', 'carrier-pickup', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.pickup_at IS NULL, '', ',"pickup_at":' || json_quote(OLD.pickup_at)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.from_name IS NULL, '', ',"from_name":' || json_quote(OLD.from_name)), iif(OLD.from_address_line_one IS NULL, '', ',"from_address_line_one":' || json_quote(OLD.from_address_line_one)), iif(OLD.from_address_line_two IS NULL, '', ',"from_address_line_two":' || json_quote(OLD.from_address_line_two)), iif(OLD.from_city IS NULL, '', ',"from_city":' || json_quote(OLD.from_city)), iif(OLD.from_state IS NULL, '', ',"from_state":' || json_quote(OLD.from_state)), iif(OLD.from_zip IS NULL, '', ',"from_zip":' || json_quote(OLD.from_zip)), iif(OLD.from_country IS NULL, '', ',"from_country":' || json_quote(OLD.from_country)), iif(OLD.from_phone IS NULL, '', ',"from_phone":' || json_quote(OLD.from_phone)), iif(OLD.from_email IS NULL, '', ',"from_email":' || json_quote(OLD.from_email)), iif(OLD.to_country IS NULL, '', ',"to_country":' || json_quote(OLD.to_country)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channels_event_created AFTER INSERT ON channels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel.created', 'channel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.address_validation_endpoint IS NULL, '', ',"address_validation_endpoint":' || json_quote(NEW.address_validation_endpoint)), iif(NEW.address_validation_finalize IS NULL, '', ',"address_validation_finalize":' || json_quote(NEW.address_validation_finalize)), iif(NEW.allocate_draft_sales IS NULL, '', ',"allocate_draft_sales":' || json_quote(NEW.allocate_draft_sales)), iif(NEW.allocated_shipments IS NULL, '', ',"allocated_shipments":' || json_quote(NEW.allocated_shipments)), iif(NEW.automatically_cancel_sales IS NULL, '', ',"automatically_cancel_sales":' || json_quote(NEW.automatically_cancel_sales)), iif(NEW.automatically_finalize_sales IS NULL, '', ',"automatically_finalize_sales":' || json_quote(NEW.automatically_finalize_sales)), iif(NEW.automatically_publish IS NULL, '', ',"automatically_publish":' || json_quote(NEW.automatically_publish)), iif(NEW.blended_preference IS NULL, '', ',"blended_preference":' || json_quote(NEW.blended_preference)), iif(NEW.bundle_inventory_sync IS NULL, '', ',"bundle_inventory_sync":' || json_quote(NEW.bundle_inventory_sync)), iif(NEW.cache_rates IS NULL, '', ',"cache_rates":' || json_quote(NEW.cache_rates)), iif(NEW.check_dropship_at IS NULL, '', ',"check_dropship_at":' || json_quote(NEW.check_dropship_at)), iif(NEW.checkout_string IS NULL, '', ',"checkout_string":' || json_quote(NEW.checkout_string)), iif(NEW.collection_endpoint IS NULL, '', ',"collection_endpoint":' || json_quote(NEW.collection_endpoint)), iif(NEW.connect_to_feed IS NULL, '', ',"connect_to_feed":' || json_quote(NEW.connect_to_feed)), iif(NEW.connected_at IS NULL, '', ',"connected_at":' || json_quote(NEW.connected_at)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.disable_variant_inventory_sync IS NULL, '', ',"disable_variant_inventory_sync":' || json_quote(NEW.disable_variant_inventory_sync)), iif(NEW.dropship_allow_tags IS NULL, '', ',"dropship_allow_tags":' || json_quote(NEW.dropship_allow_tags)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.dropship_routing IS NULL, '', ',"dropship_routing":' || json_quote(NEW.dropship_routing)), iif(NEW.dropship_routing_tags IS NULL, '', ',"dropship_routing_tags":' || json_quote(NEW.dropship_routing_tags)), iif(NEW.dropship_tags IS NULL, '', ',"dropship_tags":' || json_quote(NEW.dropship_tags)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.enable_free_shipping_countries IS NULL, '', ',"enable_free_shipping_countries":' || json_quote(NEW.enable_free_shipping_countries)), iif(NEW.enforce_refund_limits IS NULL, '', ',"enforce_refund_limits":' || json_quote(NEW.enforce_refund_limits)), iif(NEW.eori_number IS NULL, '', ',"eori_number":' || json_quote(NEW.eori_number)), iif(NEW.external_fulfillment_trigger IS NULL, '', ',"external_fulfillment_trigger":' || json_quote(NEW.external_fulfillment_trigger)), iif(NEW.finalization_delay IS NULL, '', ',"finalization_delay":' || json_quote(NEW.finalization_delay)), iif(NEW.force_connect_to_feed IS NULL, '', ',"force_connect_to_feed":' || json_quote(NEW.force_connect_to_feed)), iif(NEW.free_shipping_code IS NULL, '', ',"free_shipping_code":' || json_quote(NEW.free_shipping_code)), iif(NEW.free_shipping_countries IS NULL, '', ',"free_shipping_countries":' || json_quote(NEW.free_shipping_countries)), iif(NEW.free_shipping_name IS NULL, '', ',"free_shipping_name":' || json_quote(NEW.free_shipping_name)), iif(NEW.free_shipping_origin_countries IS NULL, '', ',"free_shipping_origin_countries":' || json_quote(NEW.free_shipping_origin_countries)), iif(NEW.free_shipping_override IS NULL, '', ',"free_shipping_override":' || json_quote(NEW.free_shipping_override)), iif(NEW.free_shipping_scope IS NULL, '', ',"free_shipping_scope":' || json_quote(NEW.free_shipping_scope)), iif(NEW.free_shipping_threshold IS NULL, '', ',"free_shipping_threshold":' || json_quote(NEW.free_shipping_threshold)), iif(NEW.hash IS NULL, '', ',"hash":' || json_quote(NEW.hash)), iif(NEW.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(NEW.hide_when_no_cost_price)), iif(NEW.image_sync IS NULL, '', ',"image_sync":' || json_quote(NEW.image_sync)), iif(NEW.import_channel_fulfillments IS NULL, '', ',"import_channel_fulfillments":' || json_quote(NEW.import_channel_fulfillments)), iif(NEW.import_from_feed IS NULL, '', ',"import_from_feed":' || json_quote(NEW.import_from_feed)), iif(NEW.import_payment_status IS NULL, '', ',"import_payment_status":' || json_quote(NEW.import_payment_status)), iif(NEW.import_products_seconds IS NULL, '', ',"import_products_seconds":' || json_quote(NEW.import_products_seconds)), iif(NEW.include_backorder_quantity IS NULL, '', ',"include_backorder_quantity":' || json_quote(NEW.include_backorder_quantity)), iif(NEW.include_sale_tags IS NULL, '', ',"include_sale_tags":' || json_quote(NEW.include_sale_tags)), iif(NEW.inhouse_brand_names IS NULL, '', ',"inhouse_brand_names":' || json_quote(NEW.inhouse_brand_names)), iif(NEW.inventory_feed_removed IS NULL, '', ',"inventory_feed_removed":' || json_quote(NEW.inventory_feed_removed)), iif(NEW.inventory_feed_unpublish IS NULL, '', ',"inventory_feed_unpublish":' || json_quote(NEW.inventory_feed_unpublish)), iif(NEW.inventory_sync IS NULL, '', ',"inventory_sync":' || json_quote(NEW.inventory_sync)), iif(NEW.inventory_sync_trigger IS NULL, '', ',"inventory_sync_trigger":' || json_quote(NEW.inventory_sync_trigger)), iif(NEW.lock_iso IS NULL, '', ',"lock_iso":' || json_quote(NEW.lock_iso)), iif(NEW.manual_sale_item_routing IS NULL, '', ',"manual_sale_item_routing":' || json_quote(NEW.manual_sale_item_routing)), iif(NEW.max_shipping_cost IS NULL, '', ',"max_shipping_cost":' || json_quote(NEW.max_shipping_cost)), iif(NEW.max_shipping_cost_threshold IS NULL, '', ',"max_shipping_cost_threshold":' || json_quote(NEW.max_shipping_cost_threshold)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.price_sync IS NULL, '', ',"price_sync":' || json_quote(NEW.price_sync)), iif(NEW.safety_stock IS NULL, '', ',"safety_stock":' || json_quote(NEW.safety_stock)), iif(NEW.taxes_included IS NULL, '', ',"taxes_included":' || json_quote(NEW.taxes_included)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channels_event_updated AFTER UPDATE ON channels WHEN OLD.company_id IS NOT NEW.company_id OR OLD.address_validation_endpoint IS NOT NEW.address_validation_endpoint OR OLD.address_validation_finalize IS NOT NEW.address_validation_finalize OR OLD.allocate_draft_sales IS NOT NEW.allocate_draft_sales OR OLD.allocated_shipments IS NOT NEW.allocated_shipments OR OLD.automatically_cancel_sales IS NOT NEW.automatically_cancel_sales OR OLD.automatically_finalize_sales IS NOT NEW.automatically_finalize_sales OR OLD.automatically_publish IS NOT NEW.automatically_publish OR OLD.blended_preference IS NOT NEW.blended_preference OR OLD.bundle_inventory_sync IS NOT NEW.bundle_inventory_sync OR OLD.cache_rates IS NOT NEW.cache_rates OR OLD.check_dropship_at IS NOT NEW.check_dropship_at OR OLD.checkout_string IS NOT NEW.checkout_string OR OLD.collection_endpoint IS NOT NEW.collection_endpoint OR OLD.connect_to_feed IS NOT NEW.connect_to_feed OR OLD.connected_at IS NOT NEW.connected_at OR OLD.currency IS NOT NEW.currency OR OLD.disable_variant_inventory_sync IS NOT NEW.disable_variant_inventory_sync OR OLD.dropship_allow_tags IS NOT NEW.dropship_allow_tags OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.dropship_routing IS NOT NEW.dropship_routing OR OLD.dropship_routing_tags IS NOT NEW.dropship_routing_tags OR OLD.dropship_tags IS NOT NEW.dropship_tags OR OLD.email IS NOT NEW.email OR OLD.enable_free_shipping_countries IS NOT NEW.enable_free_shipping_countries OR OLD.enforce_refund_limits IS NOT NEW.enforce_refund_limits OR OLD.eori_number IS NOT NEW.eori_number OR OLD.external_fulfillment_trigger IS NOT NEW.external_fulfillment_trigger OR OLD.finalization_delay IS NOT NEW.finalization_delay OR OLD.force_connect_to_feed IS NOT NEW.force_connect_to_feed OR OLD.free_shipping_code IS NOT NEW.free_shipping_code OR OLD.free_shipping_countries IS NOT NEW.free_shipping_countries OR OLD.free_shipping_name IS NOT NEW.free_shipping_name OR OLD.free_shipping_origin_countries IS NOT NEW.free_shipping_origin_countries OR OLD.free_shipping_override IS NOT NEW.free_shipping_override OR OLD.free_shipping_scope IS NOT NEW.free_shipping_scope OR OLD.free_shipping_threshold IS NOT NEW.free_shipping_threshold OR OLD.hash IS NOT NEW.hash OR OLD.hide_when_no_cost_price IS NOT NEW.hide_when_no_cost_price OR OLD.image_sync IS NOT NEW.image_sync OR OLD.import_channel_fulfillments IS NOT NEW.import_channel_fulfillments OR OLD.import_from_feed IS NOT NEW.import_from_feed OR OLD.import_payment_status IS NOT NEW.import_payment_status OR OLD.import_products_seconds IS NOT NEW.import_products_seconds OR OLD.include_backorder_quantity IS NOT NEW.include_backorder_quantity OR OLD.include_sale_tags IS NOT NEW.include_sale_tags OR OLD.inhouse_brand_names IS NOT NEW.inhouse_brand_names OR OLD.inventory_feed_removed IS NOT NEW.inventory_feed_removed OR OLD.inventory_feed_unpublish IS NOT NEW.inventory_feed_unpublish OR OLD.inventory_sync IS NOT NEW.inventory_sync OR OLD.inventory_sync_trigger IS NOT NEW.inventory_sync_trigger OR OLD.lock_iso IS NOT NEW.lock_iso OR OLD.manual_sale_item_routing IS NOT NEW.manual_sale_item_routing OR OLD.max_shipping_cost IS NOT NEW.max_shipping_cost OR OLD.max_shipping_cost_threshold IS NOT NEW.max_shipping_cost_threshold OR OLD.name IS NOT NEW.name OR OLD.notes IS NOT NEW.notes OR OLD.price_sync IS NOT NEW.price_sync OR OLD.safety_stock IS NOT NEW.safety_stock OR OLD.taxes_included IS NOT NEW.taxes_included OR OLD.type IS NOT NEW.type OR OLD.url IS NOT NEW.url OR OLD.warehouse_id IS NOT NEW.warehouse_id BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel.updated', 'channel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.address_validation_endpoint IS NULL, '', ',"address_validation_endpoint":' || json_quote(NEW.address_validation_endpoint)), iif(NEW.address_validation_finalize IS NULL, '', ',"address_validation_finalize":' || json_quote(NEW.address_validation_finalize)), iif(NEW.allocate_draft_sales IS NULL, '', ',"allocate_draft_sales":' || json_quote(NEW.allocate_draft_sales)), iif(NEW.allocated_shipments IS NULL, '', ',"allocated_shipments":' || json_quote(NEW.allocated_shipments)), iif(NEW.automatically_cancel_sales IS NULL, '', ',"automatically_cancel_sales":' || json_quote(NEW.automatically_cancel_sales)), iif(NEW.automatically_finalize_sales IS NULL, '', ',"automatically_finalize_sales":' || json_quote(NEW.automatically_finalize_sales)), iif(NEW.automatically_publish IS NULL, '', ',"automatically_publish":' || json_quote(NEW.automatically_publish)), iif(NEW.blended_preference IS NULL, '', ',"blended_preference":' || json_quote(NEW.blended_preference)), iif(NEW.bundle_inventory_sync IS NULL, '', ',"bundle_inventory_sync":' || json_quote(NEW.bundle_inventory_sync)), iif(NEW.cache_rates IS NULL, '', ',"cache_rates":' || json_quote(NEW.cache_rates)), iif(NEW.check_dropship_at IS NULL, '', ',"check_dropship_at":' || json_quote(NEW.check_dropship_at)), iif(NEW.checkout_string IS NULL, '', ',"checkout_string":' || json_quote(NEW.checkout_string)), iif(NEW.collection_endpoint IS NULL, '', ',"collection_endpoint":' || json_quote(NEW.collection_endpoint)), iif(NEW.connect_to_feed IS NULL, '', ',"connect_to_feed":' || json_quote(NEW.connect_to_feed)), iif(NEW.connected_at IS NULL, '', ',"connected_at":' || json_quote(NEW.connected_at)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.disable_variant_inventory_sync IS NULL, '', ',"disable_variant_inventory_sync":' || json_quote(NEW.disable_variant_inventory_sync)), iif(NEW.dropship_allow_tags IS NULL, '', ',"dropship_allow_tags":' || json_quote(NEW.dropship_allow_tags)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.dropship_routing IS NULL, '', ',"dropship_routing":' || json_quote(NEW.dropship_routing)), iif(NEW.dropship_routing_tags IS NULL, '', ',"dropship_routing_tags":' || json_quote(NEW.dropship_routing_tags)), iif(NEW.dropship_tags IS NULL, '', ',"dropship_tags":' || json_quote(NEW.dropship_tags)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.enable_free_shipping_countries IS NULL, '', ',"enable_free_shipping_countries":' || json_quote(NEW.enable_free_shipping_countries)), iif(NEW.enforce_refund_limits IS NULL, '', ',"enforce_refund_limits":' || json_quote(NEW.enforce_refund_limits)), iif(NEW.eori_number IS NULL, '', ',"eori_number":' || json_quote(NEW.eori_number)), iif(NEW.external_fulfillment_trigger IS NULL, '', ',"external_fulfillment_trigger":' || json_quote(NEW.external_fulfillment_trigger)), iif(NEW.finalization_delay IS NULL, '', ',"finalization_delay":' || json_quote(NEW.finalization_delay)), iif(NEW.force_connect_to_feed IS NULL, '', ',"force_connect_to_feed":' || json_quote(NEW.force_connect_to_feed)), iif(NEW.free_shipping_code IS NULL, '', ',"free_shipping_code":' || json_quote(NEW.free_shipping_code)), iif(NEW.free_shipping_countries IS NULL, '', ',"free_shipping_countries":' || json_quote(NEW.free_shipping_countries)), iif(NEW.free_shipping_name IS NULL, '', ',"free_shipping_name":' || json_quote(NEW.free_shipping_name)), iif(NEW.free_shipping_origin_countries IS NULL, '', ',"free_shipping_origin_countries":' || json_quote(NEW.free_shipping_origin_countries)), iif(NEW.free_shipping_override IS NULL, '', ',"free_shipping_override":' || json_quote(NEW.free_shipping_override)), iif(NEW.free_shipping_scope IS NULL, '', ',"free_shipping_scope":' || json_quote(NEW.free_shipping_scope)), iif(NEW.free_shipping_threshold IS NULL, '', ',"free_shipping_threshold":' || json_quote(NEW.free_shipping_threshold)), iif(NEW.hash IS NULL, '', ',"hash":' || json_quote(NEW.hash)), iif(NEW.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(NEW.hide_when_no_cost_price)), iif(NEW.image_sync IS NULL, '', ',"image_sync":' || json_quote(NEW.image_sync)), iif(NEW.import_channel_fulfillments IS NULL, '', ',"import_channel_fulfillments":' || json_quote(NEW.import_channel_fulfillments)), iif(NEW.import_from_feed IS NULL, '', ',"import_from_feed":' || json_quote(NEW.import_from_feed)), iif(NEW.import_payment_status IS NULL, '', ',"import_payment_status":' || json_quote(NEW.import_payment_status)), iif(NEW.import_products_seconds IS NULL, '', ',"import_products_seconds":' || json_quote(NEW.import_products_seconds)), iif(NEW.include_backorder_quantity IS NULL, '', ',"include_backorder_quantity":' || json_quote(NEW.include_backorder_quantity)), iif(NEW.include_sale_tags IS NULL, '', ',"include_sale_tags":' || json_quote(NEW.include_sale_tags)), iif(NEW.inhouse_brand_names IS NULL, '', ',"inhouse_brand_names":' || json_quote(NEW.inhouse_brand_names)), iif(NEW.inventory_feed_removed IS NULL, '', ',"inventory_feed_removed":' || json_quote(NEW.inventory_feed_removed)), iif(NEW.inventory_feed_unpublish IS NULL, '', ',"inventory_feed_unpublish":' || json_quote(NEW.inventory_feed_unpublish)), iif(NEW.inventory_sync IS NULL, '', ',"inventory_sync":' || json_quote(NEW.inventory_sync)), iif(NEW.inventory_sync_trigger IS NULL, '', ',"inventory_sync_trigger":' || json_quote(NEW.inventory_sync_trigger)), iif(NEW.lock_iso IS NULL, '', ',"lock_iso":' || json_quote(NEW.lock_iso)), iif(NEW.manual_sale_item_routing IS NULL, '', ',"manual_sale_item_routing":' || json_quote(NEW.manual_sale_item_routing)), iif(NEW.max_shipping_cost IS NULL, '', ',"max_shipping_cost":' || json_quote(NEW.max_shipping_cost)), iif(NEW.max_shipping_cost_threshold IS NULL, '', ',"max_shipping_cost_threshold":' || json_quote(NEW.max_shipping_cost_threshold)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.price_sync IS NULL, '', ',"price_sync":' || json_quote(NEW.price_sync)), iif(NEW.safety_stock IS NULL, '', ',"safety_stock":' || json_quote(NEW.safety_stock)), iif(NEW.taxes_included IS NULL, '', ',"taxes_included":' || json_quote(NEW.taxes_included)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.address_validation_endpoint IS NULL, '', ',"address_validation_endpoint":' || json_quote(OLD.address_validation_endpoint)), iif(OLD.address_validation_finalize IS NULL, '', ',"address_validation_finalize":' || json_quote(OLD.address_validation_finalize)), iif(OLD.allocate_draft_sales IS NULL, '', ',"allocate_draft_sales":' || json_quote(OLD.allocate_draft_sales)), iif(OLD.allocated_shipments IS NULL, '', ',"allocated_shipments":' || json_quote(OLD.allocated_shipments)), iif(OLD.automatically_cancel_sales IS NULL, '', ',"automatically_cancel_sales":' || json_quote(OLD.automatically_cancel_sales)), iif(OLD.automatically_finalize_sales IS NULL, '', ',"automatically_finalize_sales":' || json_quote(OLD.automatically_finalize_sales)), iif(OLD.automatically_publish IS NULL, '', ',"automatically_publish":' || json_quote(OLD.automatically_publish)), iif(OLD.blended_preference IS NULL, '', ',"blended_preference":' || json_quote(OLD.blended_preference)), iif(OLD.bundle_inventory_sync IS NULL, '', ',"bundle_inventory_sync":' || json_quote(OLD.bundle_inventory_sync)), iif(OLD.cache_rates IS NULL, '', ',"cache_rates":' || json_quote(OLD.cache_rates)), iif(OLD.check_dropship_at IS NULL, '', ',"check_dropship_at":' || json_quote(OLD.check_dropship_at)), iif(OLD.checkout_string IS NULL, '', ',"checkout_string":' || json_quote(OLD.checkout_string)), iif(OLD.collection_endpoint IS NULL, '', ',"collection_endpoint":' || json_quote(OLD.collection_endpoint)), iif(OLD.connect_to_feed IS NULL, '', ',"connect_to_feed":' || json_quote(OLD.connect_to_feed)), iif(OLD.connected_at IS NULL, '', ',"connected_at":' || json_quote(OLD.connected_at)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.disable_variant_inventory_sync IS NULL, '', ',"disable_variant_inventory_sync":' || json_quote(OLD.disable_variant_inventory_sync)), iif(OLD.dropship_allow_tags IS NULL, '', ',"dropship_allow_tags":' || json_quote(OLD.dropship_allow_tags)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.dropship_routing IS NULL, '', ',"dropship_routing":' || json_quote(OLD.dropship_routing)), iif(OLD.dropship_routing_tags IS NULL, '', ',"dropship_routing_tags":' || json_quote(OLD.dropship_routing_tags)), iif(OLD.dropship_tags IS NULL, '', ',"dropship_tags":' || json_quote(OLD.dropship_tags)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.enable_free_shipping_countries IS NULL, '', ',"enable_free_shipping_countries":' || json_quote(OLD.enable_free_shipping_countries)), iif(OLD.enforce_refund_limits IS NULL, '', ',"enforce_refund_limits":' || json_quote(OLD.enforce_refund_limits)), iif(OLD.eori_number IS NULL, '', ',"eori_number":' || json_quote(OLD.eori_number)), iif(OLD.external_fulfillment_trigger IS NULL, '', ',"external_fulfillment_trigger":' || json_quote(OLD.external_fulfillment_trigger)), iif(OLD.finalization_delay IS NULL, '', ',"finalization_delay":' || json_quote(OLD.finalization_delay)), iif(OLD.force_connect_to_feed IS NULL, '', ',"force_connect_to_feed":' || json_quote(OLD.force_connect_to_feed)), iif(OLD.free_shipping_code IS NULL, '', ',"free_shipping_code":' || json_quote(OLD.free_shipping_code)), iif(OLD.free_shipping_countries IS NULL, '', ',"free_shipping_countries":' || json_quote(OLD.free_shipping_countries)), iif(OLD.free_shipping_name IS NULL, '', ',"free_shipping_name":' || json_quote(OLD.free_shipping_name)), iif(OLD.free_shipping_origin_countries IS NULL, '', ',"free_shipping_origin_countries":' || json_quote(OLD.free_shipping_origin_countries)), iif(OLD.free_shipping_override IS NULL, '', ',"free_shipping_override":' || json_quote(OLD.free_shipping_override)), iif(OLD.free_shipping_scope IS NULL, '', ',"free_shipping_scope":' || json_quote(OLD.free_shipping_scope)), iif(OLD.free_shipping_threshold IS NULL, '', ',"free_shipping_threshold":' || json_quote(OLD.free_shipping_threshold)), iif(OLD.hash IS NULL, '', ',"hash":' || json_quote(OLD.hash)), iif(OLD.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(OLD.hide_when_no_cost_price)), iif(OLD.image_sync IS NULL, '', ',"image_sync":' || json_quote(OLD.image_sync)), iif(OLD.import_channel_fulfillments IS NULL, '', ',"import_channel_fulfillments":' || json_quote(OLD.import_channel_fulfillments)), iif(OLD.import_from_feed IS NULL, '', ',"import_from_feed":' || json_quote(OLD.import_from_feed)), iif(OLD.import_payment_status IS NULL, '', ',"import_payment_status":' || json_quote(OLD.import_payment_status)), iif(OLD.import_products_seconds IS NULL, '', ',"import_products_seconds":' || json_quote(OLD.import_products_seconds)), iif(OLD.include_backorder_quantity IS NULL, '', ',"include_backorder_quantity":' || json_quote(OLD.include_backorder_quantity)), iif(OLD.include_sale_tags IS NULL, '', ',"include_sale_tags":' || json_quote(OLD.include_sale_tags)), iif(OLD.inhouse_brand_names IS NULL, '', ',"inhouse_brand_names":' || json_quote(OLD.inhouse_brand_names)), iif(OLD.inventory_feed_removed IS NULL, '', ',"inventory_feed_removed":' || json_quote(OLD.inventory_feed_removed)), iif(OLD.inventory_feed_unpublish IS NULL, '', ',"inventory_feed_unpublish":' || json_quote(OLD.inventory_feed_unpublish)), iif(OLD.inventory_sync IS NULL, '', ',"inventory_sync":' || json_quote(OLD.inventory_sync)), iif(OLD.inventory_sync_trigger IS NULL, '', ',"inventory_sync_trigger":' || json_quote(OLD.inventory_sync_trigger)), iif(OLD.lock_iso IS NULL, '', ',"lock_iso":' || json_quote(OLD.lock_iso)), iif(OLD.manual_sale_item_routing IS NULL, '', ',"manual_sale_item_routing":' || json_quote(OLD.manual_sale_item_routing)), iif(OLD.max_shipping_cost IS NULL, '', ',"max_shipping_cost":' || json_quote(OLD.max_shipping_cost)), iif(OLD.max_shipping_cost_threshold IS NULL, '', ',"max_shipping_cost_threshold":' || json_quote(OLD.max_shipping_cost_threshold)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.price_sync IS NULL, '', ',"price_sync":' || json_quote(OLD.price_sync)), iif(OLD.safety_stock IS NULL, '', ',"safety_stock":' || json_quote(OLD.safety_stock)), iif(OLD.taxes_included IS NULL, '', ',"taxes_included":' || json_quote(OLD.taxes_included)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channels_event_deleted AFTER DELETE ON channels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel.deleted', 'channel', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.address_validation_endpoint IS NULL, '', ',"address_validation_endpoint":' || json_quote(OLD.address_validation_endpoint)), iif(OLD.address_validation_finalize IS NULL, '', ',"address_validation_finalize":' || json_quote(OLD.address_validation_finalize)), iif(OLD.allocate_draft_sales IS NULL, '', ',"allocate_draft_sales":' || json_quote(OLD.allocate_draft_sales)), iif(OLD.allocated_shipments IS NULL, '', ',"allocated_shipments":' || json_quote(OLD.allocated_shipments)), iif(OLD.automatically_cancel_sales IS NULL, '', ',"automatically_cancel_sales":' || json_quote(OLD.automatically_cancel_sales)), iif(OLD.automatically_finalize_sales IS NULL, '', ',"automatically_finalize_sales":' || json_quote(OLD.automatically_finalize_sales)), iif(OLD.automatically_publish IS NULL, '', ',"automatically_publish":' || json_quote(OLD.automatically_publish)), iif(OLD.blended_preference IS NULL, '', ',"blended_preference":' || json_quote(OLD.blended_preference)), iif(OLD.bundle_inventory_sync IS NULL, '', ',"bundle_inventory_sync":' || json_quote(OLD.bundle_inventory_sync)), iif(OLD.cache_rates IS NULL, '', ',"cache_rates":' || json_quote(OLD.cache_rates)), iif(OLD.check_dropship_at IS NULL, '', ',"check_dropship_at":' || json_quote(OLD.check_dropship_at)), iif(OLD.checkout_string IS NULL, '', ',"checkout_string":' || json_quote(OLD.checkout_string)), iif(OLD.collection_endpoint IS NULL, '', ',"collection_endpoint":' || json_quote(OLD.collection_endpoint)), iif(OLD.connect_to_feed IS NULL, '', ',"connect_to_feed":' || json_quote(OLD.connect_to_feed)), iif(OLD.connected_at IS NULL, '', ',"connected_at":' || json_quote(OLD.connected_at)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.disable_variant_inventory_sync IS NULL, '', ',"disable_variant_inventory_sync":' || json_quote(OLD.disable_variant_inventory_sync)), iif(OLD.dropship_allow_tags IS NULL, '', ',"dropship_allow_tags":' || json_quote(OLD.dropship_allow_tags)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.dropship_routing IS NULL, '', ',"dropship_routing":' || json_quote(OLD.dropship_routing)), iif(OLD.dropship_routing_tags IS NULL, '', ',"dropship_routing_tags":' || json_quote(OLD.dropship_routing_tags)), iif(OLD.dropship_tags IS NULL, '', ',"dropship_tags":' || json_quote(OLD.dropship_tags)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.enable_free_shipping_countries IS NULL, '', ',"enable_free_shipping_countries":' || json_quote(OLD.enable_free_shipping_countries)), iif(OLD.enforce_refund_limits IS NULL, '', ',"enforce_refund_limits":' || json_quote(OLD.enforce_refund_limits)), iif(OLD.eori_number IS NULL, '', ',"eori_number":' || json_quote(OLD.eori_number)), iif(OLD.external_fulfillment_trigger IS NULL, '', ',"external_fulfillment_trigger":' || json_quote(OLD.external_fulfillment_trigger)), iif(OLD.finalization_delay IS NULL, '', ',"finalization_delay":' || json_quote(OLD.finalization_delay)), iif(OLD.force_connect_to_feed IS NULL, '', ',"force_connect_to_feed":' || json_quote(OLD.force_connect_to_feed)), iif(OLD.free_shipping_code IS NULL, '', ',"free_shipping_code":' || json_quote(OLD.free_shipping_code)), iif(OLD.free_shipping_countries IS NULL, '', ',"free_shipping_countries":' || json_quote(OLD.free_shipping_countries)), iif(OLD.free_shipping_name IS NULL, '', ',"free_shipping_name":' || json_quote(OLD.free_shipping_name)), iif(OLD.free_shipping_origin_countries IS NULL, '', ',"free_shipping_origin_countries":' || json_quote(OLD.free_shipping_origin_countries)), iif(OLD.free_shipping_override IS NULL, '', ',"free_shipping_override":' || json_quote(OLD.free_shipping_override)), iif(OLD.free_shipping_scope IS NULL, '', ',"free_shipping_scope":' || json_quote(OLD.free_shipping_scope)), iif(OLD.free_shipping_threshold IS NULL, '', ',"free_shipping_threshold":' || json_quote(OLD.free_shipping_threshold)), iif(OLD.hash IS NULL, '', ',"hash":' || json_quote(OLD.hash)), iif(OLD.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(OLD.hide_when_no_cost_price)), iif(OLD.image_sync IS NULL, '', ',"image_sync":' || json_quote(OLD.image_sync)), iif(OLD.import_channel_fulfillments IS NULL, '', ',"import_channel_fulfillments":' || json_quote(OLD.import_channel_fulfillments)), iif(OLD.import_from_feed IS NULL, '', ',"import_from_feed":' || json_quote(OLD.import_from_feed)), iif(OLD.import_payment_status IS NULL, '', ',"import_payment_status":' || json_quote(OLD.import_payment_status)), iif(OLD.import_products_seconds IS NULL, '', ',"import_products_seconds":' || json_quote(OLD.import_products_seconds)), iif(OLD.include_backorder_quantity IS NULL, '', ',"include_backorder_quantity":' || json_quote(OLD.include_backorder_quantity)), iif(OLD.include_sale_tags IS NULL, '', ',"include_sale_tags":' || json_quote(OLD.include_sale_tags)), iif(OLD.inhouse_brand_names IS NULL, '', ',"inhouse_brand_names":' || json_quote(OLD.inhouse_brand_names)), iif(OLD.inventory_feed_removed IS NULL, '', ',"inventory_feed_removed":' || json_quote(OLD.inventory_feed_removed)), iif(OLD.inventory_feed_unpublish IS NULL, '', ',"inventory_feed_unpublish":' || json_quote(OLD.inventory_feed_unpublish)), iif(OLD.inventory_sync IS NULL, '', ',"inventory_sync":' || json_quote(OLD.inventory_sync)), iif(OLD.inventory_sync_trigger IS NULL, '', ',"inventory_sync_trigger":' || json_quote(OLD.inventory_sync_trigger)), iif(OLD.lock_iso IS NULL, '', ',"lock_iso":' || json_quote(OLD.lock_iso)), iif(OLD.manual_sale_item_routing IS NULL, '', ',"manual_sale_item_routing":' || json_quote(OLD.manual_sale_item_routing)), iif(OLD.max_shipping_cost IS NULL, '', ',"max_shipping_cost":' || json_quote(OLD.max_shipping_cost)), iif(OLD.max_shipping_cost_threshold IS NULL, '', ',"max_shipping_cost_threshold":' || json_quote(OLD.max_shipping_cost_threshold)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.price_sync IS NULL, '', ',"price_sync":' || json_quote(OLD.price_sync)), iif(OLD.safety_stock IS NULL, '', ',"safety_stock":' || json_quote(OLD.safety_stock)), iif(OLD.taxes_included IS NULL, '', ',"taxes_included":' || json_quote(OLD.taxes_included)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_commission_rates_event_created AFTER INSERT ON channel_commission_rates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_commission_rate.created', 'channel-commission-rate', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(NEW.commission_rate)), iif(NEW.commission_rate_type IS NULL, '', ',"commission_rate_type":' || json_quote(NEW.commission_rate_type)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.filter_type IS NULL, '', ',"filter_type":' || json_quote(NEW.filter_type)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_commission_rates_event_updated AFTER UPDATE ON channel_commission_rates WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.commission_rate IS NOT NEW.commission_rate OR OLD.commission_rate_type IS NOT NEW.commission_rate_type OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.filter_type IS NOT NEW.filter_type OR OLD.tags IS NOT NEW.tags BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_commission_rate.updated', 'channel-commission-rate', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(NEW.commission_rate)), iif(NEW.commission_rate_type IS NULL, '', ',"commission_rate_type":' || json_quote(NEW.commission_rate_type)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.filter_type IS NULL, '', ',"filter_type":' || json_quote(NEW.filter_type)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(OLD.commission_rate)), iif(OLD.commission_rate_type IS NULL, '', ',"commission_rate_type":' || json_quote(OLD.commission_rate_type)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.filter_type IS NULL, '', ',"filter_type":' || json_quote(OLD.filter_type)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_commission_rates_event_deleted AFTER DELETE ON channel_commission_rates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_commission_rate.deleted', 'channel-commission-rate', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(OLD.commission_rate)), iif(OLD.commission_rate_type IS NULL, '', ',"commission_rate_type":' || json_quote(OLD.commission_rate_type)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.filter_type IS NULL, '', ',"filter_type":' || json_quote(OLD.filter_type)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_custom_fields_event_created AFTER INSERT ON channel_custom_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_custom_field.created', 'channel-custom-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.namespace IS NULL, '', ',"namespace":' || json_quote(NEW.namespace)), iif(NEW.key IS NULL, '', ',"key":' || json_quote(NEW.key)), iif(NEW.value_type IS NULL, '', ',"value_type":' || json_quote(NEW.value_type)), iif(NEW.default_value IS NULL, '', ',"default_value":' || json_quote(NEW.default_value)), iif(NEW.direction IS NULL, '', ',"direction":' || json_quote(NEW.direction)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_custom_fields_event_updated AFTER UPDATE ON channel_custom_fields WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.name IS NOT NEW.name OR OLD.namespace IS NOT NEW.namespace OR OLD.key IS NOT NEW.key OR OLD.value_type IS NOT NEW.value_type OR OLD.default_value IS NOT NEW.default_value OR OLD.direction IS NOT NEW.direction OR OLD.enabled IS NOT NEW.enabled BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_custom_field.updated', 'channel-custom-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.namespace IS NULL, '', ',"namespace":' || json_quote(NEW.namespace)), iif(NEW.key IS NULL, '', ',"key":' || json_quote(NEW.key)), iif(NEW.value_type IS NULL, '', ',"value_type":' || json_quote(NEW.value_type)), iif(NEW.default_value IS NULL, '', ',"default_value":' || json_quote(NEW.default_value)), iif(NEW.direction IS NULL, '', ',"direction":' || json_quote(NEW.direction)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.namespace IS NULL, '', ',"namespace":' || json_quote(OLD.namespace)), iif(OLD.key IS NULL, '', ',"key":' || json_quote(OLD.key)), iif(OLD.value_type IS NULL, '', ',"value_type":' || json_quote(OLD.value_type)), iif(OLD.default_value IS NULL, '', ',"default_value":' || json_quote(OLD.default_value)), iif(OLD.direction IS NULL, '', ',"direction":' || json_quote(OLD.direction)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_custom_fields_event_deleted AFTER DELETE ON channel_custom_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_custom_field.deleted', 'channel-custom-field', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.namespace IS NULL, '', ',"namespace":' || json_quote(OLD.namespace)), iif(OLD.key IS NULL, '', ',"key":' || json_quote(OLD.key)), iif(OLD.value_type IS NULL, '', ',"value_type":' || json_quote(OLD.value_type)), iif(OLD.default_value IS NULL, '', ',"default_value":' || json_quote(OLD.default_value)), iif(OLD.direction IS NULL, '', ',"direction":' || json_quote(OLD.direction)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_dropship_locations_event_created AFTER INSERT ON channel_dropship_locations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_dropship_location.created', 'channel-dropship-location', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropship_location_id IS NULL, '', ',"dropship_location_id":' || json_quote(NEW.dropship_location_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.inventory_feed_location_names IS NULL, '', ',"inventory_feed_location_names":' || json_quote(NEW.inventory_feed_location_names)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.priority IS NULL, '', ',"priority":' || json_quote(NEW.priority)), iif(NEW.sync_inventory IS NULL, '', ',"sync_inventory":' || json_quote(NEW.sync_inventory)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_dropship_locations_event_updated AFTER UPDATE ON channel_dropship_locations WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.dropship_location_id IS NOT NEW.dropship_location_id OR OLD.external_id IS NOT NEW.external_id OR OLD.inventory_feed_location_names IS NOT NEW.inventory_feed_location_names OR OLD.name IS NOT NEW.name OR OLD.priority IS NOT NEW.priority OR OLD.sync_inventory IS NOT NEW.sync_inventory BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_dropship_location.updated', 'channel-dropship-location', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropship_location_id IS NULL, '', ',"dropship_location_id":' || json_quote(NEW.dropship_location_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.inventory_feed_location_names IS NULL, '', ',"inventory_feed_location_names":' || json_quote(NEW.inventory_feed_location_names)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.priority IS NULL, '', ',"priority":' || json_quote(NEW.priority)), iif(NEW.sync_inventory IS NULL, '', ',"sync_inventory":' || json_quote(NEW.sync_inventory)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropship_location_id IS NULL, '', ',"dropship_location_id":' || json_quote(OLD.dropship_location_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.inventory_feed_location_names IS NULL, '', ',"inventory_feed_location_names":' || json_quote(OLD.inventory_feed_location_names)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.priority IS NULL, '', ',"priority":' || json_quote(OLD.priority)), iif(OLD.sync_inventory IS NULL, '', ',"sync_inventory":' || json_quote(OLD.sync_inventory)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_dropship_locations_event_deleted AFTER DELETE ON channel_dropship_locations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_dropship_location.deleted', 'channel-dropship-location', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropship_location_id IS NULL, '', ',"dropship_location_id":' || json_quote(OLD.dropship_location_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.inventory_feed_location_names IS NULL, '', ',"inventory_feed_location_names":' || json_quote(OLD.inventory_feed_location_names)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.priority IS NULL, '', ',"priority":' || json_quote(OLD.priority)), iif(OLD.sync_inventory IS NULL, '', ',"sync_inventory":' || json_quote(OLD.sync_inventory)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_dropship_provider_tax_rates_event_created AFTER INSERT ON channel_dropship_provider_tax_rates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_dropship_provider_tax_rate.created', 'channel-dropship-provider-tax-rate', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.rate IS NULL, '', ',"rate":' || json_quote(NEW.rate)), iif(NEW.tax_shipping IS NULL, '', ',"tax_shipping":' || json_quote(NEW.tax_shipping)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_dropship_provider_tax_rates_event_updated AFTER UPDATE ON channel_dropship_provider_tax_rates WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.name IS NOT NEW.name OR OLD.country IS NOT NEW.country OR OLD.state IS NOT NEW.state OR OLD.rate IS NOT NEW.rate OR OLD.tax_shipping IS NOT NEW.tax_shipping OR OLD.enabled IS NOT NEW.enabled BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_dropship_provider_tax_rate.updated', 'channel-dropship-provider-tax-rate', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.rate IS NULL, '', ',"rate":' || json_quote(NEW.rate)), iif(NEW.tax_shipping IS NULL, '', ',"tax_shipping":' || json_quote(NEW.tax_shipping)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.rate IS NULL, '', ',"rate":' || json_quote(OLD.rate)), iif(OLD.tax_shipping IS NULL, '', ',"tax_shipping":' || json_quote(OLD.tax_shipping)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_dropship_provider_tax_rates_event_deleted AFTER DELETE ON channel_dropship_provider_tax_rates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_dropship_provider_tax_rate.deleted', 'channel-dropship-provider-tax-rate', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.rate IS NULL, '', ',"rate":' || json_quote(OLD.rate)), iif(OLD.tax_shipping IS NULL, '', ',"tax_shipping":' || json_quote(OLD.tax_shipping)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_price_lists_event_created AFTER INSERT ON channel_price_lists BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_price_list.created', 'channel-price-list', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.adjustment_type IS NULL, '', ',"adjustment_type":' || json_quote(NEW.adjustment_type)), iif(NEW.adjustment IS NULL, '', ',"adjustment":' || json_quote(NEW.adjustment)), iif(NEW.prices IS NULL, '', ',"prices":' || json_quote(NEW.prices)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_price_lists_event_updated AFTER UPDATE ON channel_price_lists WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.name IS NOT NEW.name OR OLD.external_id IS NOT NEW.external_id OR OLD.currency IS NOT NEW.currency OR OLD.adjustment_type IS NOT NEW.adjustment_type OR OLD.adjustment IS NOT NEW.adjustment OR OLD.prices IS NOT NEW.prices OR OLD.enabled IS NOT NEW.enabled OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_price_list.updated', 'channel-price-list', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.adjustment_type IS NULL, '', ',"adjustment_type":' || json_quote(NEW.adjustment_type)), iif(NEW.adjustment IS NULL, '', ',"adjustment":' || json_quote(NEW.adjustment)), iif(NEW.prices IS NULL, '', ',"prices":' || json_quote(NEW.prices)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.adjustment_type IS NULL, '', ',"adjustment_type":' || json_quote(OLD.adjustment_type)), iif(OLD.adjustment IS NULL, '', ',"adjustment":' || json_quote(OLD.adjustment)), iif(OLD.prices IS NULL, '', ',"prices":' || json_quote(OLD.prices)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_price_lists_event_deleted AFTER DELETE ON channel_price_lists BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_price_list.deleted', 'channel-price-list', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.adjustment_type IS NULL, '', ',"adjustment_type":' || json_quote(OLD.adjustment_type)), iif(OLD.adjustment IS NULL, '', ',"adjustment":' || json_quote(OLD.adjustment)), iif(OLD.prices IS NULL, '', ',"prices":' || json_quote(OLD.prices)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_products_event_created AFTER INSERT ON channel_products BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_product.created', 'channel-product', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.product_id IS NULL, '', ',"product_id":' || json_quote(NEW.product_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.title IS NULL, '', ',"title":' || json_quote(NEW.title)), iif(NEW.handle IS NULL, '', ',"handle":' || json_quote(NEW.handle)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.product_type IS NULL, '', ',"product_type":' || json_quote(NEW.product_type)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.published_at IS NULL, '', ',"published_at":' || json_quote(NEW.published_at)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_products_event_updated AFTER UPDATE ON channel_products WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.product_id IS NOT NEW.product_id OR OLD.external_id IS NOT NEW.external_id OR OLD.title IS NOT NEW.title OR OLD.handle IS NOT NEW.handle OR OLD.description IS NOT NEW.description OR OLD.product_type IS NOT NEW.product_type OR OLD.tags IS NOT NEW.tags OR OLD.status IS NOT NEW.status OR OLD.published_at IS NOT NEW.published_at OR OLD.error_message IS NOT NEW.error_message BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_product.updated', 'channel-product', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.product_id IS NULL, '', ',"product_id":' || json_quote(NEW.product_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.title IS NULL, '', ',"title":' || json_quote(NEW.title)), iif(NEW.handle IS NULL, '', ',"handle":' || json_quote(NEW.handle)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.product_type IS NULL, '', ',"product_type":' || json_quote(NEW.product_type)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.published_at IS NULL, '', ',"published_at":' || json_quote(NEW.published_at)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.product_id IS NULL, '', ',"product_id":' || json_quote(OLD.product_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.title IS NULL, '', ',"title":' || json_quote(OLD.title)), iif(OLD.handle IS NULL, '', ',"handle":' || json_quote(OLD.handle)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.product_type IS NULL, '', ',"product_type":' || json_quote(OLD.product_type)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.published_at IS NULL, '', ',"published_at":' || json_quote(OLD.published_at)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_products_event_deleted AFTER DELETE ON channel_products BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_product.deleted', 'channel-product', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.product_id IS NULL, '', ',"product_id":' || json_quote(OLD.product_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.title IS NULL, '', ',"title":' || json_quote(OLD.title)), iif(OLD.handle IS NULL, '', ',"handle":' || json_quote(OLD.handle)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.product_type IS NULL, '', ',"product_type":' || json_quote(OLD.product_type)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.published_at IS NULL, '', ',"published_at":' || json_quote(OLD.published_at)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_shipment_updates_event_created AFTER INSERT ON channel_shipment_updates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_shipment_update.created', 'channel-shipment-update', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(NEW.fulfillment_id)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.status_problem IS NULL, '', ',"status_problem":' || json_quote(NEW.status_problem)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_shipment_updates_event_updated AFTER UPDATE ON channel_shipment_updates WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.fulfillment_id IS NOT NEW.fulfillment_id OR OLD.payload IS NOT NEW.payload OR OLD.response IS NOT NEW.response OR OLD.status IS NOT NEW.status OR OLD.status_message IS NOT NEW.status_message OR OLD.status_problem IS NOT NEW.status_problem BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_shipment_update.updated', 'channel-shipment-update', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(NEW.fulfillment_id)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.status_problem IS NULL, '', ',"status_problem":' || json_quote(NEW.status_problem)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(OLD.fulfillment_id)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.status_problem IS NULL, '', ',"status_problem":' || json_quote(OLD.status_problem)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_shipment_updates_event_deleted AFTER DELETE ON channel_shipment_updates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_shipment_update.deleted', 'channel-shipment-update', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(OLD.fulfillment_id)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.status_problem IS NULL, '', ',"status_problem":' || json_quote(OLD.status_problem)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_shipping_rates_event_created AFTER INSERT ON channel_shipping_rates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_shipping_rate.created', 'channel-shipping-rate', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.countries IS NULL, '', ',"countries":' || json_quote(NEW.countries)), iif(NEW.basis IS NULL, '', ',"basis":' || json_quote(NEW.basis)), iif(NEW.min_value IS NULL, '', ',"min_value":' || json_quote(NEW.min_value)), iif(NEW.max_value IS NULL, '', ',"max_value":' || json_quote(NEW.max_value)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.price_per_unit IS NULL, '', ',"price_per_unit":' || json_quote(NEW.price_per_unit)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_shipping_rates_event_updated AFTER UPDATE ON channel_shipping_rates WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.name IS NOT NEW.name OR OLD.carrier IS NOT NEW.carrier OR OLD.service IS NOT NEW.service OR OLD.countries IS NOT NEW.countries OR OLD.basis IS NOT NEW.basis OR OLD.min_value IS NOT NEW.min_value OR OLD.max_value IS NOT NEW.max_value OR OLD.price IS NOT NEW.price OR OLD.price_per_unit IS NOT NEW.price_per_unit OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.enabled IS NOT NEW.enabled BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_shipping_rate.updated', 'channel-shipping-rate', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.countries IS NULL, '', ',"countries":' || json_quote(NEW.countries)), iif(NEW.basis IS NULL, '', ',"basis":' || json_quote(NEW.basis)), iif(NEW.min_value IS NULL, '', ',"min_value":' || json_quote(NEW.min_value)), iif(NEW.max_value IS NULL, '', ',"max_value":' || json_quote(NEW.max_value)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.price_per_unit IS NULL, '', ',"price_per_unit":' || json_quote(NEW.price_per_unit)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.countries IS NULL, '', ',"countries":' || json_quote(OLD.countries)), iif(OLD.basis IS NULL, '', ',"basis":' || json_quote(OLD.basis)), iif(OLD.min_value IS NULL, '', ',"min_value":' || json_quote(OLD.min_value)), iif(OLD.max_value IS NULL, '', ',"max_value":' || json_quote(OLD.max_value)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.price_per_unit IS NULL, '', ',"price_per_unit":' || json_quote(OLD.price_per_unit)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_shipping_rates_event_deleted AFTER DELETE ON channel_shipping_rates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_shipping_rate.deleted', 'channel-shipping-rate', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.countries IS NULL, '', ',"countries":' || json_quote(OLD.countries)), iif(OLD.basis IS NULL, '', ',"basis":' || json_quote(OLD.basis)), iif(OLD.min_value IS NULL, '', ',"min_value":' || json_quote(OLD.min_value)), iif(OLD.max_value IS NULL, '', ',"max_value":' || json_quote(OLD.max_value)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.price_per_unit IS NULL, '', ',"price_per_unit":' || json_quote(OLD.price_per_unit)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_sites_event_created AFTER INSERT ON channel_sites BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_site.created', 'channel-site', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_sites_event_updated AFTER UPDATE ON channel_sites WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.external_id IS NOT NEW.external_id OR OLD.name IS NOT NEW.name BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_site.updated', 'channel-site', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_sites_event_deleted AFTER DELETE ON channel_sites BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_site.deleted', 'channel-site', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variants_event_created AFTER INSERT ON channel_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_variant.created', 'channel-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.cache_hash IS NULL, '', ',"cache_hash":' || json_quote(NEW.cache_hash)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.cost_price_retries IS NULL, '', ',"cost_price_retries":' || json_quote(NEW.cost_price_retries)), iif(NEW.cost_price_retry IS NULL, '', ',"cost_price_retry":' || json_quote(NEW.cost_price_retry)), iif(NEW.cost_price_update IS NULL, '', ',"cost_price_update":' || json_quote(NEW.cost_price_update)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.external_created_at IS NULL, '', ',"external_created_at":' || json_quote(NEW.external_created_at)), iif(NEW.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(NEW.external_group_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.external_sku IS NULL, '', ',"external_sku":' || json_quote(NEW.external_sku)), iif(NEW.hash IS NULL, '', ',"hash":' || json_quote(NEW.hash)), iif(NEW.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(NEW.inventory_feed_variant_id)), iif(NEW.inventory_retries IS NULL, '', ',"inventory_retries":' || json_quote(NEW.inventory_retries)), iif(NEW.inventory_retry IS NULL, '', ',"inventory_retry":' || json_quote(NEW.inventory_retry)), iif(NEW.inventory_update IS NULL, '', ',"inventory_update":' || json_quote(NEW.inventory_update)), iif(NEW.meta_fields_hash IS NULL, '', ',"meta_fields_hash":' || json_quote(NEW.meta_fields_hash)), iif(NEW.parent_hash IS NULL, '', ',"parent_hash":' || json_quote(NEW.parent_hash)), iif(NEW.price_list_hash IS NULL, '', ',"price_list_hash":' || json_quote(NEW.price_list_hash)), iif(NEW.price_list_retry IS NULL, '', ',"price_list_retry":' || json_quote(NEW.price_list_retry)), iif(NEW.price_retries IS NULL, '', ',"price_retries":' || json_quote(NEW.price_retries)), iif(NEW.price_retry IS NULL, '', ',"price_retry":' || json_quote(NEW.price_retry)), iif(NEW.price_update IS NULL, '', ',"price_update":' || json_quote(NEW.price_update)), iif(NEW.publish_update IS NULL, '', ',"publish_update":' || json_quote(NEW.publish_update)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.variant_parcels_hash IS NULL, '', ',"variant_parcels_hash":' || json_quote(NEW.variant_parcels_hash)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variants_event_updated AFTER UPDATE ON channel_variants WHEN OLD.company_id IS NOT NEW.company_id OR OLD.cache_hash IS NOT NEW.cache_hash OR OLD.channel_id IS NOT NEW.channel_id OR OLD.cost_price_retries IS NOT NEW.cost_price_retries OR OLD.cost_price_retry IS NOT NEW.cost_price_retry OR OLD.cost_price_update IS NOT NEW.cost_price_update OR OLD.error_message IS NOT NEW.error_message OR OLD.external_created_at IS NOT NEW.external_created_at OR OLD.external_group_id IS NOT NEW.external_group_id OR OLD.external_id IS NOT NEW.external_id OR OLD.external_sku IS NOT NEW.external_sku OR OLD.hash IS NOT NEW.hash OR OLD.inventory_feed_variant_id IS NOT NEW.inventory_feed_variant_id OR OLD.inventory_retries IS NOT NEW.inventory_retries OR OLD.inventory_retry IS NOT NEW.inventory_retry OR OLD.inventory_update IS NOT NEW.inventory_update OR OLD.meta_fields_hash IS NOT NEW.meta_fields_hash OR OLD.parent_hash IS NOT NEW.parent_hash OR OLD.price_list_hash IS NOT NEW.price_list_hash OR OLD.price_list_retry IS NOT NEW.price_list_retry OR OLD.price_retries IS NOT NEW.price_retries OR OLD.price_retry IS NOT NEW.price_retry OR OLD.price_update IS NOT NEW.price_update OR OLD.publish_update IS NOT NEW.publish_update OR OLD.sku IS NOT NEW.sku OR OLD.source IS NOT NEW.source OR OLD.status IS NOT NEW.status OR OLD.variant_id IS NOT NEW.variant_id OR OLD.variant_parcels_hash IS NOT NEW.variant_parcels_hash BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_variant.updated', 'channel-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.cache_hash IS NULL, '', ',"cache_hash":' || json_quote(NEW.cache_hash)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.cost_price_retries IS NULL, '', ',"cost_price_retries":' || json_quote(NEW.cost_price_retries)), iif(NEW.cost_price_retry IS NULL, '', ',"cost_price_retry":' || json_quote(NEW.cost_price_retry)), iif(NEW.cost_price_update IS NULL, '', ',"cost_price_update":' || json_quote(NEW.cost_price_update)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.external_created_at IS NULL, '', ',"external_created_at":' || json_quote(NEW.external_created_at)), iif(NEW.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(NEW.external_group_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.external_sku IS NULL, '', ',"external_sku":' || json_quote(NEW.external_sku)), iif(NEW.hash IS NULL, '', ',"hash":' || json_quote(NEW.hash)), iif(NEW.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(NEW.inventory_feed_variant_id)), iif(NEW.inventory_retries IS NULL, '', ',"inventory_retries":' || json_quote(NEW.inventory_retries)), iif(NEW.inventory_retry IS NULL, '', ',"inventory_retry":' || json_quote(NEW.inventory_retry)), iif(NEW.inventory_update IS NULL, '', ',"inventory_update":' || json_quote(NEW.inventory_update)), iif(NEW.meta_fields_hash IS NULL, '', ',"meta_fields_hash":' || json_quote(NEW.meta_fields_hash)), iif(NEW.parent_hash IS NULL, '', ',"parent_hash":' || json_quote(NEW.parent_hash)), iif(NEW.price_list_hash IS NULL, '', ',"price_list_hash":' || json_quote(NEW.price_list_hash)), iif(NEW.price_list_retry IS NULL, '', ',"price_list_retry":' || json_quote(NEW.price_list_retry)), iif(NEW.price_retries IS NULL, '', ',"price_retries":' || json_quote(NEW.price_retries)), iif(NEW.price_retry IS NULL, '', ',"price_retry":' || json_quote(NEW.price_retry)), iif(NEW.price_update IS NULL, '', ',"price_update":' || json_quote(NEW.price_update)), iif(NEW.publish_update IS NULL, '', ',"publish_update":' || json_quote(NEW.publish_update)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.variant_parcels_hash IS NULL, '', ',"variant_parcels_hash":' || json_quote(NEW.variant_parcels_hash)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.cache_hash IS NULL, '', ',"cache_hash":' || json_quote(OLD.cache_hash)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.cost_price_retries IS NULL, '', ',"cost_price_retries":' || json_quote(OLD.cost_price_retries)), iif(OLD.cost_price_retry IS NULL, '', ',"cost_price_retry":' || json_quote(OLD.cost_price_retry)), iif(OLD.cost_price_update IS NULL, '', ',"cost_price_update":' || json_quote(OLD.cost_price_update)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.external_created_at IS NULL, '', ',"external_created_at":' || json_quote(OLD.external_created_at)), iif(OLD.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(OLD.external_group_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.external_sku IS NULL, '', ',"external_sku":' || json_quote(OLD.external_sku)), iif(OLD.hash IS NULL, '', ',"hash":' || json_quote(OLD.hash)), iif(OLD.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(OLD.inventory_feed_variant_id)), iif(OLD.inventory_retries IS NULL, '', ',"inventory_retries":' || json_quote(OLD.inventory_retries)), iif(OLD.inventory_retry IS NULL, '', ',"inventory_retry":' || json_quote(OLD.inventory_retry)), iif(OLD.inventory_update IS NULL, '', ',"inventory_update":' || json_quote(OLD.inventory_update)), iif(OLD.meta_fields_hash IS NULL, '', ',"meta_fields_hash":' || json_quote(OLD.meta_fields_hash)), iif(OLD.parent_hash IS NULL, '', ',"parent_hash":' || json_quote(OLD.parent_hash)), iif(OLD.price_list_hash IS NULL, '', ',"price_list_hash":' || json_quote(OLD.price_list_hash)), iif(OLD.price_list_retry IS NULL, '', ',"price_list_retry":' || json_quote(OLD.price_list_retry)), iif(OLD.price_retries IS NULL, '', ',"price_retries":' || json_quote(OLD.price_retries)), iif(OLD.price_retry IS NULL, '', ',"price_retry":' || json_quote(OLD.price_retry)), iif(OLD.price_update IS NULL, '', ',"price_update":' || json_quote(OLD.price_update)), iif(OLD.publish_update IS NULL, '', ',"publish_update":' || json_quote(OLD.publish_update)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.variant_parcels_hash IS NULL, '', ',"variant_parcels_hash":' || json_quote(OLD.variant_parcels_hash)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variants_event_deleted AFTER DELETE ON channel_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_variant.deleted', 'channel-variant', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.cache_hash IS NULL, '', ',"cache_hash":' || json_quote(OLD.cache_hash)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.cost_price_retries IS NULL, '', ',"cost_price_retries":' || json_quote(OLD.cost_price_retries)), iif(OLD.cost_price_retry IS NULL, '', ',"cost_price_retry":' || json_quote(OLD.cost_price_retry)), iif(OLD.cost_price_update IS NULL, '', ',"cost_price_update":' || json_quote(OLD.cost_price_update)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.external_created_at IS NULL, '', ',"external_created_at":' || json_quote(OLD.external_created_at)), iif(OLD.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(OLD.external_group_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.external_sku IS NULL, '', ',"external_sku":' || json_quote(OLD.external_sku)), iif(OLD.hash IS NULL, '', ',"hash":' || json_quote(OLD.hash)), iif(OLD.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(OLD.inventory_feed_variant_id)), iif(OLD.inventory_retries IS NULL, '', ',"inventory_retries":' || json_quote(OLD.inventory_retries)), iif(OLD.inventory_retry IS NULL, '', ',"inventory_retry":' || json_quote(OLD.inventory_retry)), iif(OLD.inventory_update IS NULL, '', ',"inventory_update":' || json_quote(OLD.inventory_update)), iif(OLD.meta_fields_hash IS NULL, '', ',"meta_fields_hash":' || json_quote(OLD.meta_fields_hash)), iif(OLD.parent_hash IS NULL, '', ',"parent_hash":' || json_quote(OLD.parent_hash)), iif(OLD.price_list_hash IS NULL, '', ',"price_list_hash":' || json_quote(OLD.price_list_hash)), iif(OLD.price_list_retry IS NULL, '', ',"price_list_retry":' || json_quote(OLD.price_list_retry)), iif(OLD.price_retries IS NULL, '', ',"price_retries":' || json_quote(OLD.price_retries)), iif(OLD.price_retry IS NULL, '', ',"price_retry":' || json_quote(OLD.price_retry)), iif(OLD.price_update IS NULL, '', ',"price_update":' || json_quote(OLD.price_update)), iif(OLD.publish_update IS NULL, '', ',"publish_update":' || json_quote(OLD.publish_update)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.variant_parcels_hash IS NULL, '', ',"variant_parcels_hash":' || json_quote(OLD.variant_parcels_hash)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variant_updates_event_created AFTER INSERT ON channel_variant_updates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_variant_update.created', 'channel-variant-update', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(NEW.channel_variant_id)), iif(NEW.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(NEW.compare_at_price)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(NEW.hide_when_no_cost_price)), iif(NEW.inventory_quantity IS NULL, '', ',"inventory_quantity":' || json_quote(NEW.inventory_quantity)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), iif(NEW.retries IS NULL, '', ',"retries":' || json_quote(NEW.retries)), iif(NEW.retry IS NULL, '', ',"retry":' || json_quote(NEW.retry)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.variant_inventory_update_id IS NULL, '', ',"variant_inventory_update_id":' || json_quote(NEW.variant_inventory_update_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variant_updates_event_updated AFTER UPDATE ON channel_variant_updates WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_variant_id IS NOT NEW.channel_variant_id OR OLD.compare_at_price IS NOT NEW.compare_at_price OR OLD.cost_price IS NOT NEW.cost_price OR OLD.hide_when_no_cost_price IS NOT NEW.hide_when_no_cost_price OR OLD.inventory_quantity IS NOT NEW.inventory_quantity OR OLD.payload IS NOT NEW.payload OR OLD.price IS NOT NEW.price OR OLD.response IS NOT NEW.response OR OLD.retries IS NOT NEW.retries OR OLD.retry IS NOT NEW.retry OR OLD.status IS NOT NEW.status OR OLD.status_message IS NOT NEW.status_message OR OLD.type IS NOT NEW.type OR OLD.variant_inventory_update_id IS NOT NEW.variant_inventory_update_id BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_variant_update.updated', 'channel-variant-update', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(NEW.channel_variant_id)), iif(NEW.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(NEW.compare_at_price)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(NEW.hide_when_no_cost_price)), iif(NEW.inventory_quantity IS NULL, '', ',"inventory_quantity":' || json_quote(NEW.inventory_quantity)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), iif(NEW.retries IS NULL, '', ',"retries":' || json_quote(NEW.retries)), iif(NEW.retry IS NULL, '', ',"retry":' || json_quote(NEW.retry)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.variant_inventory_update_id IS NULL, '', ',"variant_inventory_update_id":' || json_quote(NEW.variant_inventory_update_id)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(OLD.channel_variant_id)), iif(OLD.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(OLD.compare_at_price)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(OLD.hide_when_no_cost_price)), iif(OLD.inventory_quantity IS NULL, '', ',"inventory_quantity":' || json_quote(OLD.inventory_quantity)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), iif(OLD.retries IS NULL, '', ',"retries":' || json_quote(OLD.retries)), iif(OLD.retry IS NULL, '', ',"retry":' || json_quote(OLD.retry)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.variant_inventory_update_id IS NULL, '', ',"variant_inventory_update_id":' || json_quote(OLD.variant_inventory_update_id)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variant_updates_event_deleted AFTER DELETE ON channel_variant_updates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_variant_update.deleted', 'channel-variant-update', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(OLD.channel_variant_id)), iif(OLD.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(OLD.compare_at_price)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.hide_when_no_cost_price IS NULL, '', ',"hide_when_no_cost_price":' || json_quote(OLD.hide_when_no_cost_price)), iif(OLD.inventory_quantity IS NULL, '', ',"inventory_quantity":' || json_quote(OLD.inventory_quantity)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), iif(OLD.retries IS NULL, '', ',"retries":' || json_quote(OLD.retries)), iif(OLD.retry IS NULL, '', ',"retry":' || json_quote(OLD.retry)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.variant_inventory_update_id IS NULL, '', ',"variant_inventory_update_id":' || json_quote(OLD.variant_inventory_update_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER comments_event_created AFTER INSERT ON comments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'comment.created', 'comment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(NEW.subject_kind)), iif(NEW.subject_id IS NULL, '', ',"subject_id":' || json_quote(NEW.subject_id)), iif(NEW.body IS NULL, '', ',"body":' || json_quote(NEW.body)), iif(NEW.author IS NULL, '', ',"author":' || json_quote(NEW.author)), iif(NEW.internal IS NULL, '', ',"internal":' || json_quote(NEW.internal)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER comments_event_updated AFTER UPDATE ON comments WHEN OLD.company_id IS NOT NEW.company_id OR OLD.subject_kind IS NOT NEW.subject_kind OR OLD.subject_id IS NOT NEW.subject_id OR OLD.body IS NOT NEW.body OR OLD.author IS NOT NEW.author OR OLD.internal IS NOT NEW.internal BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'comment.updated', 'comment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(NEW.subject_kind)), iif(NEW.subject_id IS NULL, '', ',"subject_id":' || json_quote(NEW.subject_id)), iif(NEW.body IS NULL, '', ',"body":' || json_quote(NEW.body)), iif(NEW.author IS NULL, '', ',"author":' || json_quote(NEW.author)), iif(NEW.internal IS NULL, '', ',"internal":' || json_quote(NEW.internal)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(OLD.subject_kind)), iif(OLD.subject_id IS NULL, '', ',"subject_id":' || json_quote(OLD.subject_id)), iif(OLD.body IS NULL, '', ',"body":' || json_quote(OLD.body)), iif(OLD.author IS NULL, '', ',"author":' || json_quote(OLD.author)), iif(OLD.internal IS NULL, '', ',"internal":' || json_quote(OLD.internal)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER comments_event_deleted AFTER DELETE ON comments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'comment.deleted', 'comment', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(OLD.subject_kind)), iif(OLD.subject_id IS NULL, '', ',"subject_id":' || json_quote(OLD.subject_id)), iif(OLD.body IS NULL, '', ',"body":' || json_quote(OLD.body)), iif(OLD.author IS NULL, '', ',"author":' || json_quote(OLD.author)), iif(OLD.internal IS NULL, '', ',"internal":' || json_quote(OLD.internal)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_clients_event_created AFTER INSERT ON company_clients BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'company_client.created', 'company-client', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.contact_email IS NULL, '', ',"contact_email":' || json_quote(NEW.contact_email)), iif(NEW.redirect_urls IS NULL, '', ',"redirect_urls":' || json_quote(NEW.redirect_urls)), iif(NEW.scopes IS NULL, '', ',"scopes":' || json_quote(NEW.scopes)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.last_used_at IS NULL, '', ',"last_used_at":' || json_quote(NEW.last_used_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_clients_event_updated AFTER UPDATE ON company_clients WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.contact_email IS NOT NEW.contact_email OR OLD.redirect_urls IS NOT NEW.redirect_urls OR OLD.scopes IS NOT NEW.scopes OR OLD.enabled IS NOT NEW.enabled OR OLD.last_used_at IS NOT NEW.last_used_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'company_client.updated', 'company-client', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.contact_email IS NULL, '', ',"contact_email":' || json_quote(NEW.contact_email)), iif(NEW.redirect_urls IS NULL, '', ',"redirect_urls":' || json_quote(NEW.redirect_urls)), iif(NEW.scopes IS NULL, '', ',"scopes":' || json_quote(NEW.scopes)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.last_used_at IS NULL, '', ',"last_used_at":' || json_quote(NEW.last_used_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.contact_email IS NULL, '', ',"contact_email":' || json_quote(OLD.contact_email)), iif(OLD.redirect_urls IS NULL, '', ',"redirect_urls":' || json_quote(OLD.redirect_urls)), iif(OLD.scopes IS NULL, '', ',"scopes":' || json_quote(OLD.scopes)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.last_used_at IS NULL, '', ',"last_used_at":' || json_quote(OLD.last_used_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_clients_event_deleted AFTER DELETE ON company_clients BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'company_client.deleted', 'company-client', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.contact_email IS NULL, '', ',"contact_email":' || json_quote(OLD.contact_email)), iif(OLD.redirect_urls IS NULL, '', ',"redirect_urls":' || json_quote(OLD.redirect_urls)), iif(OLD.scopes IS NULL, '', ',"scopes":' || json_quote(OLD.scopes)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.last_used_at IS NULL, '', ',"last_used_at":' || json_quote(OLD.last_used_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_referrals_event_created AFTER INSERT ON company_referrals BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'company_referral.created', 'company-referral', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.contact_name IS NULL, '', ',"contact_name":' || json_quote(NEW.contact_name)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.referral_code IS NULL, '', ',"referral_code":' || json_quote(NEW.referral_code)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.reward_amount IS NULL, '', ',"reward_amount":' || json_quote(NEW.reward_amount)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.signed_up_at IS NULL, '', ',"signed_up_at":' || json_quote(NEW.signed_up_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_referrals_event_updated AFTER UPDATE ON company_referrals WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.contact_name IS NOT NEW.contact_name OR OLD.email IS NOT NEW.email OR OLD.referral_code IS NOT NEW.referral_code OR OLD.status IS NOT NEW.status OR OLD.reward_amount IS NOT NEW.reward_amount OR OLD.currency IS NOT NEW.currency OR OLD.signed_up_at IS NOT NEW.signed_up_at OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'company_referral.updated', 'company-referral', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.contact_name IS NULL, '', ',"contact_name":' || json_quote(NEW.contact_name)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.referral_code IS NULL, '', ',"referral_code":' || json_quote(NEW.referral_code)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.reward_amount IS NULL, '', ',"reward_amount":' || json_quote(NEW.reward_amount)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.signed_up_at IS NULL, '', ',"signed_up_at":' || json_quote(NEW.signed_up_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.contact_name IS NULL, '', ',"contact_name":' || json_quote(OLD.contact_name)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.referral_code IS NULL, '', ',"referral_code":' || json_quote(OLD.referral_code)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.reward_amount IS NULL, '', ',"reward_amount":' || json_quote(OLD.reward_amount)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.signed_up_at IS NULL, '', ',"signed_up_at":' || json_quote(OLD.signed_up_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_referrals_event_deleted AFTER DELETE ON company_referrals BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'company_referral.deleted', 'company-referral', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.contact_name IS NULL, '', ',"contact_name":' || json_quote(OLD.contact_name)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.referral_code IS NULL, '', ',"referral_code":' || json_quote(OLD.referral_code)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.reward_amount IS NULL, '', ',"reward_amount":' || json_quote(OLD.reward_amount)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.signed_up_at IS NULL, '', ',"signed_up_at":' || json_quote(OLD.signed_up_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_settings_event_created AFTER INSERT ON company_settings BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'company_setting.created', 'company-setting', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.key IS NULL, '', ',"key":' || json_quote(NEW.key)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_settings_event_updated AFTER UPDATE ON company_settings WHEN OLD.company_id IS NOT NEW.company_id OR OLD.key IS NOT NEW.key OR OLD.value IS NOT NEW.value OR OLD.description IS NOT NEW.description BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'company_setting.updated', 'company-setting', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.key IS NULL, '', ',"key":' || json_quote(NEW.key)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.key IS NULL, '', ',"key":' || json_quote(OLD.key)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER company_settings_event_deleted AFTER DELETE ON company_settings BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'company_setting.deleted', 'company-setting', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.key IS NULL, '', ',"key":' || json_quote(OLD.key)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER currencies_event_created AFTER INSERT ON currencies BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'currency.created', 'currency', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.iso IS NULL, '', ',"iso":' || json_quote(NEW.iso)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.symbol IS NULL, '', ',"symbol":' || json_quote(NEW.symbol)), iif(NEW.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(NEW.exchange_rate)), iif(NEW.use_live_rates IS NULL, '', ',"use_live_rates":' || json_quote(NEW.use_live_rates)), iif(NEW.round_up IS NULL, '', ',"round_up":' || json_quote(NEW.round_up)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER currencies_event_updated AFTER UPDATE ON currencies WHEN OLD.company_id IS NOT NEW.company_id OR OLD.iso IS NOT NEW.iso OR OLD.name IS NOT NEW.name OR OLD.symbol IS NOT NEW.symbol OR OLD.exchange_rate IS NOT NEW.exchange_rate OR OLD.use_live_rates IS NOT NEW.use_live_rates OR OLD.round_up IS NOT NEW.round_up BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'currency.updated', 'currency', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.iso IS NULL, '', ',"iso":' || json_quote(NEW.iso)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.symbol IS NULL, '', ',"symbol":' || json_quote(NEW.symbol)), iif(NEW.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(NEW.exchange_rate)), iif(NEW.use_live_rates IS NULL, '', ',"use_live_rates":' || json_quote(NEW.use_live_rates)), iif(NEW.round_up IS NULL, '', ',"round_up":' || json_quote(NEW.round_up)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.iso IS NULL, '', ',"iso":' || json_quote(OLD.iso)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.symbol IS NULL, '', ',"symbol":' || json_quote(OLD.symbol)), iif(OLD.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(OLD.exchange_rate)), iif(OLD.use_live_rates IS NULL, '', ',"use_live_rates":' || json_quote(OLD.use_live_rates)), iif(OLD.round_up IS NULL, '', ',"round_up":' || json_quote(OLD.round_up)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER currencies_event_deleted AFTER DELETE ON currencies BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'currency.deleted', 'currency', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.iso IS NULL, '', ',"iso":' || json_quote(OLD.iso)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.symbol IS NULL, '', ',"symbol":' || json_quote(OLD.symbol)), iif(OLD.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(OLD.exchange_rate)), iif(OLD.use_live_rates IS NULL, '', ',"use_live_rates":' || json_quote(OLD.use_live_rates)), iif(OLD.round_up IS NULL, '', ',"round_up":' || json_quote(OLD.round_up)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_fields_event_created AFTER INSERT ON custom_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field.created', 'custom-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.field_type IS NULL, '', ',"field_type":' || json_quote(NEW.field_type)), iif(NEW.help_text IS NULL, '', ',"help_text":' || json_quote(NEW.help_text)), iif(NEW.icon IS NULL, '', ',"icon":' || json_quote(NEW.icon)), iif(NEW.label IS NULL, '', ',"label":' || json_quote(NEW.label)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.namespace IS NULL, '', ',"namespace":' || json_quote(NEW.namespace)), iif(NEW.options IS NULL, '', ',"options":' || json_quote(NEW.options)), iif(NEW.resource IS NULL, '', ',"resource":' || json_quote(NEW.resource)), iif(NEW.show_in_reseller_portal IS NULL, '', ',"show_in_reseller_portal":' || json_quote(NEW.show_in_reseller_portal)), iif(NEW.show_in_return_portal IS NULL, '', ',"show_in_return_portal":' || json_quote(NEW.show_in_return_portal)), iif(NEW.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(NEW.show_in_vendor_portal)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_fields_event_updated AFTER UPDATE ON custom_fields WHEN OLD.company_id IS NOT NEW.company_id OR OLD.field_type IS NOT NEW.field_type OR OLD.help_text IS NOT NEW.help_text OR OLD.icon IS NOT NEW.icon OR OLD.label IS NOT NEW.label OR OLD.name IS NOT NEW.name OR OLD.namespace IS NOT NEW.namespace OR OLD.options IS NOT NEW.options OR OLD.resource IS NOT NEW.resource OR OLD.show_in_reseller_portal IS NOT NEW.show_in_reseller_portal OR OLD.show_in_return_portal IS NOT NEW.show_in_return_portal OR OLD.show_in_vendor_portal IS NOT NEW.show_in_vendor_portal BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field.updated', 'custom-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.field_type IS NULL, '', ',"field_type":' || json_quote(NEW.field_type)), iif(NEW.help_text IS NULL, '', ',"help_text":' || json_quote(NEW.help_text)), iif(NEW.icon IS NULL, '', ',"icon":' || json_quote(NEW.icon)), iif(NEW.label IS NULL, '', ',"label":' || json_quote(NEW.label)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.namespace IS NULL, '', ',"namespace":' || json_quote(NEW.namespace)), iif(NEW.options IS NULL, '', ',"options":' || json_quote(NEW.options)), iif(NEW.resource IS NULL, '', ',"resource":' || json_quote(NEW.resource)), iif(NEW.show_in_reseller_portal IS NULL, '', ',"show_in_reseller_portal":' || json_quote(NEW.show_in_reseller_portal)), iif(NEW.show_in_return_portal IS NULL, '', ',"show_in_return_portal":' || json_quote(NEW.show_in_return_portal)), iif(NEW.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(NEW.show_in_vendor_portal)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.field_type IS NULL, '', ',"field_type":' || json_quote(OLD.field_type)), iif(OLD.help_text IS NULL, '', ',"help_text":' || json_quote(OLD.help_text)), iif(OLD.icon IS NULL, '', ',"icon":' || json_quote(OLD.icon)), iif(OLD.label IS NULL, '', ',"label":' || json_quote(OLD.label)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.namespace IS NULL, '', ',"namespace":' || json_quote(OLD.namespace)), iif(OLD.options IS NULL, '', ',"options":' || json_quote(OLD.options)), iif(OLD.resource IS NULL, '', ',"resource":' || json_quote(OLD.resource)), iif(OLD.show_in_reseller_portal IS NULL, '', ',"show_in_reseller_portal":' || json_quote(OLD.show_in_reseller_portal)), iif(OLD.show_in_return_portal IS NULL, '', ',"show_in_return_portal":' || json_quote(OLD.show_in_return_portal)), iif(OLD.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(OLD.show_in_vendor_portal)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_fields_event_deleted AFTER DELETE ON custom_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field.deleted', 'custom-field', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.field_type IS NULL, '', ',"field_type":' || json_quote(OLD.field_type)), iif(OLD.help_text IS NULL, '', ',"help_text":' || json_quote(OLD.help_text)), iif(OLD.icon IS NULL, '', ',"icon":' || json_quote(OLD.icon)), iif(OLD.label IS NULL, '', ',"label":' || json_quote(OLD.label)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.namespace IS NULL, '', ',"namespace":' || json_quote(OLD.namespace)), iif(OLD.options IS NULL, '', ',"options":' || json_quote(OLD.options)), iif(OLD.resource IS NULL, '', ',"resource":' || json_quote(OLD.resource)), iif(OLD.show_in_reseller_portal IS NULL, '', ',"show_in_reseller_portal":' || json_quote(OLD.show_in_reseller_portal)), iif(OLD.show_in_return_portal IS NULL, '', ',"show_in_return_portal":' || json_quote(OLD.show_in_return_portal)), iif(OLD.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(OLD.show_in_vendor_portal)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropship_providers_event_created AFTER INSERT ON custom_field_dropship_providers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_dropship_provider.created', 'custom-field-dropship-provider', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropship_providers_event_updated AFTER UPDATE ON custom_field_dropship_providers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_dropship_provider.updated', 'custom-field-dropship-provider', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropship_providers_event_deleted AFTER DELETE ON custom_field_dropship_providers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_dropship_provider.deleted', 'custom-field-dropship-provider', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropshipments_event_created AFTER INSERT ON custom_field_dropshipments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_dropshipment.created', 'custom-field-dropshipment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropshipments_event_updated AFTER UPDATE ON custom_field_dropshipments WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_dropshipment.updated', 'custom-field-dropshipment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropshipments_event_deleted AFTER DELETE ON custom_field_dropshipments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_dropshipment.deleted', 'custom-field-dropshipment', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropshipment_items_event_created AFTER INSERT ON custom_field_dropshipment_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_dropshipment_item.created', 'custom-field-dropshipment-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.dropshipment_item_id IS NULL, '', ',"dropshipment_item_id":' || json_quote(NEW.dropshipment_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropshipment_items_event_updated AFTER UPDATE ON custom_field_dropshipment_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.dropshipment_item_id IS NOT NEW.dropshipment_item_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_dropshipment_item.updated', 'custom-field-dropshipment-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.dropshipment_item_id IS NULL, '', ',"dropshipment_item_id":' || json_quote(NEW.dropshipment_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.dropshipment_item_id IS NULL, '', ',"dropshipment_item_id":' || json_quote(OLD.dropshipment_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_dropshipment_items_event_deleted AFTER DELETE ON custom_field_dropshipment_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_dropshipment_item.deleted', 'custom-field-dropshipment-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.dropshipment_item_id IS NULL, '', ',"dropshipment_item_id":' || json_quote(OLD.dropshipment_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_purchases_event_created AFTER INSERT ON custom_field_purchases BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_purchase.created', 'custom-field-purchase', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_purchases_event_updated AFTER UPDATE ON custom_field_purchases WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_purchase.updated', 'custom-field-purchase', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_purchases_event_deleted AFTER DELETE ON custom_field_purchases BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_purchase.deleted', 'custom-field-purchase', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_purchase_items_event_created AFTER INSERT ON custom_field_purchase_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_purchase_item.created', 'custom-field-purchase-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_purchase_items_event_updated AFTER UPDATE ON custom_field_purchase_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_purchase_item.updated', 'custom-field-purchase-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_purchase_items_event_deleted AFTER DELETE ON custom_field_purchase_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_purchase_item.deleted', 'custom-field-purchase-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_resellers_event_created AFTER INSERT ON custom_field_resellers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_reseller.created', 'custom-field-reseller', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(NEW.reseller_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_resellers_event_updated AFTER UPDATE ON custom_field_resellers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.reseller_id IS NOT NEW.reseller_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_reseller.updated', 'custom-field-reseller', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(NEW.reseller_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(OLD.reseller_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_resellers_event_deleted AFTER DELETE ON custom_field_resellers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_reseller.deleted', 'custom-field-reseller', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(OLD.reseller_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sales_event_created AFTER INSERT ON custom_field_sales BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale.created', 'custom-field-sale', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sales_event_updated AFTER UPDATE ON custom_field_sales WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale.updated', 'custom-field-sale', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sales_event_deleted AFTER DELETE ON custom_field_sales BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_sale.deleted', 'custom-field-sale', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_items_event_created AFTER INSERT ON custom_field_sale_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale_item.created', 'custom-field-sale-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_items_event_updated AFTER UPDATE ON custom_field_sale_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.sale_item_id IS NOT NEW.sale_item_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale_item.updated', 'custom-field-sale-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_items_event_deleted AFTER DELETE ON custom_field_sale_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_sale_item.deleted', 'custom-field-sale-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_returns_event_created AFTER INSERT ON custom_field_sale_returns BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale_return.created', 'custom-field-sale-return', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(NEW.sale_return_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_returns_event_updated AFTER UPDATE ON custom_field_sale_returns WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.sale_return_id IS NOT NEW.sale_return_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale_return.updated', 'custom-field-sale-return', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(NEW.sale_return_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(OLD.sale_return_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_returns_event_deleted AFTER DELETE ON custom_field_sale_returns BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_sale_return.deleted', 'custom-field-sale-return', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(OLD.sale_return_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_return_items_event_created AFTER INSERT ON custom_field_sale_return_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale_return_item.created', 'custom-field-sale-return-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_return_item_id IS NULL, '', ',"sale_return_item_id":' || json_quote(NEW.sale_return_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_return_items_event_updated AFTER UPDATE ON custom_field_sale_return_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.sale_return_item_id IS NOT NEW.sale_return_item_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_sale_return_item.updated', 'custom-field-sale-return-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.sale_return_item_id IS NULL, '', ',"sale_return_item_id":' || json_quote(NEW.sale_return_item_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_return_item_id IS NULL, '', ',"sale_return_item_id":' || json_quote(OLD.sale_return_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_sale_return_items_event_deleted AFTER DELETE ON custom_field_sale_return_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_sale_return_item.deleted', 'custom-field-sale-return-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.sale_return_item_id IS NULL, '', ',"sale_return_item_id":' || json_quote(OLD.sale_return_item_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_scopes_event_created AFTER INSERT ON custom_field_scopes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_scope.created', 'custom-field-scope', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.resource IS NULL, '', ',"resource":' || json_quote(NEW.resource)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.value_required IS NULL, '', ',"value_required":' || json_quote(NEW.value_required)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_scopes_event_updated AFTER UPDATE ON custom_field_scopes WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.resource IS NOT NEW.resource OR OLD.channel_id IS NOT NEW.channel_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.value_required IS NOT NEW.value_required OR OLD.position IS NOT NEW.position BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_scope.updated', 'custom-field-scope', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.resource IS NULL, '', ',"resource":' || json_quote(NEW.resource)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.value_required IS NULL, '', ',"value_required":' || json_quote(NEW.value_required)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.resource IS NULL, '', ',"resource":' || json_quote(OLD.resource)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.value_required IS NULL, '', ',"value_required":' || json_quote(OLD.value_required)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_scopes_event_deleted AFTER DELETE ON custom_field_scopes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_scope.deleted', 'custom-field-scope', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.resource IS NULL, '', ',"resource":' || json_quote(OLD.resource)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.value_required IS NULL, '', ',"value_required":' || json_quote(OLD.value_required)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_variants_event_created AFTER INSERT ON custom_field_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_variant.created', 'custom-field-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_variants_event_updated AFTER UPDATE ON custom_field_variants WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_variant.updated', 'custom-field-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_variants_event_deleted AFTER DELETE ON custom_field_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_variant.deleted', 'custom-field-variant', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_vendors_event_created AFTER INSERT ON custom_field_vendors BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_vendor.created', 'custom-field-vendor', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_vendors_event_updated AFTER UPDATE ON custom_field_vendors WHEN OLD.company_id IS NOT NEW.company_id OR OLD.custom_field_id IS NOT NEW.custom_field_id OR OLD.vendor_id IS NOT NEW.vendor_id OR OLD.value IS NOT NEW.value BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_field_vendor.updated', 'custom-field-vendor', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(NEW.custom_field_id)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_field_vendors_event_deleted AFTER DELETE ON custom_field_vendors BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_field_vendor.deleted', 'custom-field-vendor', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.custom_field_id IS NULL, '', ',"custom_field_id":' || json_quote(OLD.custom_field_id)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER customers_event_created AFTER INSERT ON customers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'customer.created', 'customer', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.first_name IS NULL, '', ',"first_name":' || json_quote(NEW.first_name)), iif(NEW.last_name IS NULL, '', ',"last_name":' || json_quote(NEW.last_name)), iif(NEW.company_code IS NULL, '', ',"company_code":' || json_quote(NEW.company_code)), iif(NEW.tax_number IS NULL, '', ',"tax_number":' || json_quote(NEW.tax_number)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.fax IS NULL, '', ',"fax":' || json_quote(NEW.fax)), iif(NEW.accounts_email IS NULL, '', ',"accounts_email":' || json_quote(NEW.accounts_email)), iif(NEW.order_email IS NULL, '', ',"order_email":' || json_quote(NEW.order_email)), iif(NEW.returns_email IS NULL, '', ',"returns_email":' || json_quote(NEW.returns_email)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(NEW.reseller_id)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.token IS NULL, '', ',"token":' || json_quote(NEW.token)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.sale_notes IS NULL, '', ',"sale_notes":' || json_quote(NEW.sale_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER customers_event_updated AFTER UPDATE ON customers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.email IS NOT NEW.email OR OLD.name IS NOT NEW.name OR OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.company_code IS NOT NEW.company_code OR OLD.tax_number IS NOT NEW.tax_number OR OLD.phone IS NOT NEW.phone OR OLD.fax IS NOT NEW.fax OR OLD.accounts_email IS NOT NEW.accounts_email OR OLD.order_email IS NOT NEW.order_email OR OLD.returns_email IS NOT NEW.returns_email OR OLD.status IS NOT NEW.status OR OLD.reseller_id IS NOT NEW.reseller_id OR OLD.price_list_id IS NOT NEW.price_list_id OR OLD.user_id IS NOT NEW.user_id OR OLD.token IS NOT NEW.token OR OLD.tags IS NOT NEW.tags OR OLD.notes IS NOT NEW.notes OR OLD.sale_notes IS NOT NEW.sale_notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'customer.updated', 'customer', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.first_name IS NULL, '', ',"first_name":' || json_quote(NEW.first_name)), iif(NEW.last_name IS NULL, '', ',"last_name":' || json_quote(NEW.last_name)), iif(NEW.company_code IS NULL, '', ',"company_code":' || json_quote(NEW.company_code)), iif(NEW.tax_number IS NULL, '', ',"tax_number":' || json_quote(NEW.tax_number)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.fax IS NULL, '', ',"fax":' || json_quote(NEW.fax)), iif(NEW.accounts_email IS NULL, '', ',"accounts_email":' || json_quote(NEW.accounts_email)), iif(NEW.order_email IS NULL, '', ',"order_email":' || json_quote(NEW.order_email)), iif(NEW.returns_email IS NULL, '', ',"returns_email":' || json_quote(NEW.returns_email)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(NEW.reseller_id)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.token IS NULL, '', ',"token":' || json_quote(NEW.token)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.sale_notes IS NULL, '', ',"sale_notes":' || json_quote(NEW.sale_notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.first_name IS NULL, '', ',"first_name":' || json_quote(OLD.first_name)), iif(OLD.last_name IS NULL, '', ',"last_name":' || json_quote(OLD.last_name)), iif(OLD.company_code IS NULL, '', ',"company_code":' || json_quote(OLD.company_code)), iif(OLD.tax_number IS NULL, '', ',"tax_number":' || json_quote(OLD.tax_number)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.fax IS NULL, '', ',"fax":' || json_quote(OLD.fax)), iif(OLD.accounts_email IS NULL, '', ',"accounts_email":' || json_quote(OLD.accounts_email)), iif(OLD.order_email IS NULL, '', ',"order_email":' || json_quote(OLD.order_email)), iif(OLD.returns_email IS NULL, '', ',"returns_email":' || json_quote(OLD.returns_email)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(OLD.reseller_id)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.token IS NULL, '', ',"token":' || json_quote(OLD.token)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.sale_notes IS NULL, '', ',"sale_notes":' || json_quote(OLD.sale_notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER customers_event_deleted AFTER DELETE ON customers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'customer.deleted', 'customer', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.first_name IS NULL, '', ',"first_name":' || json_quote(OLD.first_name)), iif(OLD.last_name IS NULL, '', ',"last_name":' || json_quote(OLD.last_name)), iif(OLD.company_code IS NULL, '', ',"company_code":' || json_quote(OLD.company_code)), iif(OLD.tax_number IS NULL, '', ',"tax_number":' || json_quote(OLD.tax_number)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.fax IS NULL, '', ',"fax":' || json_quote(OLD.fax)), iif(OLD.accounts_email IS NULL, '', ',"accounts_email":' || json_quote(OLD.accounts_email)), iif(OLD.order_email IS NULL, '', ',"order_email":' || json_quote(OLD.order_email)), iif(OLD.returns_email IS NULL, '', ',"returns_email":' || json_quote(OLD.returns_email)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(OLD.reseller_id)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.token IS NULL, '', ',"token":' || json_quote(OLD.token)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.sale_notes IS NULL, '', ',"sale_notes":' || json_quote(OLD.sale_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER customer_addresses_event_created AFTER INSERT ON customer_addresses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'customer_address.created', 'customer-address', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.customer_id IS NULL, '', ',"customer_id":' || json_quote(NEW.customer_id)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.company IS NULL, '', ',"company":' || json_quote(NEW.company)), iif(NEW.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(NEW.address_line_one)), iif(NEW.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(NEW.address_line_two)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER customer_addresses_event_updated AFTER UPDATE ON customer_addresses WHEN OLD.company_id IS NOT NEW.company_id OR OLD.customer_id IS NOT NEW.customer_id OR OLD.type IS NOT NEW.type OR OLD.is_default IS NOT NEW.is_default OR OLD.name IS NOT NEW.name OR OLD.company IS NOT NEW.company OR OLD.address_line_one IS NOT NEW.address_line_one OR OLD.address_line_two IS NOT NEW.address_line_two OR OLD.city IS NOT NEW.city OR OLD.state IS NOT NEW.state OR OLD.zip IS NOT NEW.zip OR OLD.country IS NOT NEW.country OR OLD.phone IS NOT NEW.phone OR OLD.email IS NOT NEW.email BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'customer_address.updated', 'customer-address', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.customer_id IS NULL, '', ',"customer_id":' || json_quote(NEW.customer_id)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.company IS NULL, '', ',"company":' || json_quote(NEW.company)), iif(NEW.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(NEW.address_line_one)), iif(NEW.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(NEW.address_line_two)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.customer_id IS NULL, '', ',"customer_id":' || json_quote(OLD.customer_id)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.company IS NULL, '', ',"company":' || json_quote(OLD.company)), iif(OLD.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(OLD.address_line_one)), iif(OLD.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(OLD.address_line_two)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER customer_addresses_event_deleted AFTER DELETE ON customer_addresses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'customer_address.deleted', 'customer-address', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.customer_id IS NULL, '', ',"customer_id":' || json_quote(OLD.customer_id)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.company IS NULL, '', ',"company":' || json_quote(OLD.company)), iif(OLD.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(OLD.address_line_one)), iif(OLD.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(OLD.address_line_two)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER data_exports_event_created AFTER INSERT ON data_exports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'data_export.created', 'data-export', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.display_name IS NULL, '', ',"display_name":' || json_quote(NEW.display_name)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.export_type IS NULL, '', ',"export_type":' || json_quote(NEW.export_type)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(NEW.inventory_export_id)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.template_id IS NULL, '', ',"template_id":' || json_quote(NEW.template_id)), iif(NEW.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(NEW.stock_take_id)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.file_name IS NULL, '', ',"file_name":' || json_quote(NEW.file_name)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.row_count IS NULL, '', ',"row_count":' || json_quote(NEW.row_count)), iif(NEW.byte_size IS NULL, '', ',"byte_size":' || json_quote(NEW.byte_size)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.queued_at IS NULL, '', ',"queued_at":' || json_quote(NEW.queued_at)), iif(NEW.started_at IS NULL, '', ',"started_at":' || json_quote(NEW.started_at)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.inventory_import_id IS NULL, '', ',"inventory_import_id":' || json_quote(NEW.inventory_import_id)), iif(NEW.file_uri IS NULL, '', ',"file_uri":' || json_quote(NEW.file_uri)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER data_exports_event_updated AFTER UPDATE ON data_exports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.display_name IS NOT NEW.display_name OR OLD.status IS NOT NEW.status OR OLD.export_type IS NOT NEW.export_type OR OLD.format IS NOT NEW.format OR OLD.inventory_export_id IS NOT NEW.inventory_export_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.template_id IS NOT NEW.template_id OR OLD.stock_take_id IS NOT NEW.stock_take_id OR OLD.read IS NOT NEW.read OR OLD.mute_error IS NOT NEW.mute_error OR OLD.admin_notes IS NOT NEW.admin_notes OR OLD.file_name IS NOT NEW.file_name OR OLD.content_type IS NOT NEW.content_type OR OLD.url IS NOT NEW.url OR OLD.row_count IS NOT NEW.row_count OR OLD.byte_size IS NOT NEW.byte_size OR OLD.error_message IS NOT NEW.error_message OR OLD.queued_at IS NOT NEW.queued_at OR OLD.started_at IS NOT NEW.started_at OR OLD.completed_at IS NOT NEW.completed_at OR OLD.user_id IS NOT NEW.user_id OR OLD.inventory_import_id IS NOT NEW.inventory_import_id OR OLD.file_uri IS NOT NEW.file_uri BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'data_export.updated', 'data-export', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.display_name IS NULL, '', ',"display_name":' || json_quote(NEW.display_name)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.export_type IS NULL, '', ',"export_type":' || json_quote(NEW.export_type)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(NEW.inventory_export_id)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.template_id IS NULL, '', ',"template_id":' || json_quote(NEW.template_id)), iif(NEW.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(NEW.stock_take_id)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.file_name IS NULL, '', ',"file_name":' || json_quote(NEW.file_name)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.row_count IS NULL, '', ',"row_count":' || json_quote(NEW.row_count)), iif(NEW.byte_size IS NULL, '', ',"byte_size":' || json_quote(NEW.byte_size)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.queued_at IS NULL, '', ',"queued_at":' || json_quote(NEW.queued_at)), iif(NEW.started_at IS NULL, '', ',"started_at":' || json_quote(NEW.started_at)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.inventory_import_id IS NULL, '', ',"inventory_import_id":' || json_quote(NEW.inventory_import_id)), iif(NEW.file_uri IS NULL, '', ',"file_uri":' || json_quote(NEW.file_uri)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.display_name IS NULL, '', ',"display_name":' || json_quote(OLD.display_name)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.export_type IS NULL, '', ',"export_type":' || json_quote(OLD.export_type)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(OLD.inventory_export_id)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.template_id IS NULL, '', ',"template_id":' || json_quote(OLD.template_id)), iif(OLD.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(OLD.stock_take_id)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.file_name IS NULL, '', ',"file_name":' || json_quote(OLD.file_name)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.row_count IS NULL, '', ',"row_count":' || json_quote(OLD.row_count)), iif(OLD.byte_size IS NULL, '', ',"byte_size":' || json_quote(OLD.byte_size)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.queued_at IS NULL, '', ',"queued_at":' || json_quote(OLD.queued_at)), iif(OLD.started_at IS NULL, '', ',"started_at":' || json_quote(OLD.started_at)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.inventory_import_id IS NULL, '', ',"inventory_import_id":' || json_quote(OLD.inventory_import_id)), iif(OLD.file_uri IS NULL, '', ',"file_uri":' || json_quote(OLD.file_uri)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER data_exports_event_deleted AFTER DELETE ON data_exports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'data_export.deleted', 'data-export', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.display_name IS NULL, '', ',"display_name":' || json_quote(OLD.display_name)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.export_type IS NULL, '', ',"export_type":' || json_quote(OLD.export_type)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(OLD.inventory_export_id)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.template_id IS NULL, '', ',"template_id":' || json_quote(OLD.template_id)), iif(OLD.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(OLD.stock_take_id)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.file_name IS NULL, '', ',"file_name":' || json_quote(OLD.file_name)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.row_count IS NULL, '', ',"row_count":' || json_quote(OLD.row_count)), iif(OLD.byte_size IS NULL, '', ',"byte_size":' || json_quote(OLD.byte_size)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.queued_at IS NULL, '', ',"queued_at":' || json_quote(OLD.queued_at)), iif(OLD.started_at IS NULL, '', ',"started_at":' || json_quote(OLD.started_at)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.inventory_import_id IS NULL, '', ',"inventory_import_id":' || json_quote(OLD.inventory_import_id)), iif(OLD.file_uri IS NULL, '', ',"file_uri":' || json_quote(OLD.file_uri)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER data_imports_event_created AFTER INSERT ON data_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'data_import.created', 'data-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.added IS NULL, '', ',"added":' || json_quote(NEW.added)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.error_messages IS NULL, '', ',"error_messages":' || json_quote(NEW.error_messages)), iif(NEW.error_uri IS NULL, '', ',"error_uri":' || json_quote(NEW.error_uri)), iif(NEW.errors IS NULL, '', ',"errors":' || json_quote(NEW.errors)), iif(NEW.file_size IS NULL, '', ',"file_size":' || json_quote(NEW.file_size)), iif(NEW.file_uri IS NULL, '', ',"file_uri":' || json_quote(NEW.file_uri)), iif(NEW.import_type IS NULL, '', ',"import_type":' || json_quote(NEW.import_type)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.queue_name IS NULL, '', ',"queue_name":' || json_quote(NEW.queue_name)), iif(NEW.queued_at IS NULL, '', ',"queued_at":' || json_quote(NEW.queued_at)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), iif(NEW.skipped IS NULL, '', ',"skipped":' || json_quote(NEW.skipped)), iif(NEW.skipped_uri IS NULL, '', ',"skipped_uri":' || json_quote(NEW.skipped_uri)), iif(NEW.started_at IS NULL, '', ',"started_at":' || json_quote(NEW.started_at)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.status_problem IS NULL, '', ',"status_problem":' || json_quote(NEW.status_problem)), iif(NEW.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(NEW.stock_take_id)), iif(NEW.updated IS NULL, '', ',"updated":' || json_quote(NEW.updated)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER data_imports_event_updated AFTER UPDATE ON data_imports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.added IS NOT NEW.added OR OLD.admin_notes IS NOT NEW.admin_notes OR OLD.completed_at IS NOT NEW.completed_at OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.error_messages IS NOT NEW.error_messages OR OLD.error_uri IS NOT NEW.error_uri OR OLD.errors IS NOT NEW.errors OR OLD.file_size IS NOT NEW.file_size OR OLD.file_uri IS NOT NEW.file_uri OR OLD.import_type IS NOT NEW.import_type OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.mute_error IS NOT NEW.mute_error OR OLD.price_list_id IS NOT NEW.price_list_id OR OLD.queue_name IS NOT NEW.queue_name OR OLD.queued_at IS NOT NEW.queued_at OR OLD.read IS NOT NEW.read OR OLD.skipped IS NOT NEW.skipped OR OLD.skipped_uri IS NOT NEW.skipped_uri OR OLD.started_at IS NOT NEW.started_at OR OLD.status IS NOT NEW.status OR OLD.status_message IS NOT NEW.status_message OR OLD.status_problem IS NOT NEW.status_problem OR OLD.stock_take_id IS NOT NEW.stock_take_id OR OLD.updated IS NOT NEW.updated BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'data_import.updated', 'data-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.added IS NULL, '', ',"added":' || json_quote(NEW.added)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.error_messages IS NULL, '', ',"error_messages":' || json_quote(NEW.error_messages)), iif(NEW.error_uri IS NULL, '', ',"error_uri":' || json_quote(NEW.error_uri)), iif(NEW.errors IS NULL, '', ',"errors":' || json_quote(NEW.errors)), iif(NEW.file_size IS NULL, '', ',"file_size":' || json_quote(NEW.file_size)), iif(NEW.file_uri IS NULL, '', ',"file_uri":' || json_quote(NEW.file_uri)), iif(NEW.import_type IS NULL, '', ',"import_type":' || json_quote(NEW.import_type)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.queue_name IS NULL, '', ',"queue_name":' || json_quote(NEW.queue_name)), iif(NEW.queued_at IS NULL, '', ',"queued_at":' || json_quote(NEW.queued_at)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), iif(NEW.skipped IS NULL, '', ',"skipped":' || json_quote(NEW.skipped)), iif(NEW.skipped_uri IS NULL, '', ',"skipped_uri":' || json_quote(NEW.skipped_uri)), iif(NEW.started_at IS NULL, '', ',"started_at":' || json_quote(NEW.started_at)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.status_problem IS NULL, '', ',"status_problem":' || json_quote(NEW.status_problem)), iif(NEW.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(NEW.stock_take_id)), iif(NEW.updated IS NULL, '', ',"updated":' || json_quote(NEW.updated)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.added IS NULL, '', ',"added":' || json_quote(OLD.added)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.error_messages IS NULL, '', ',"error_messages":' || json_quote(OLD.error_messages)), iif(OLD.error_uri IS NULL, '', ',"error_uri":' || json_quote(OLD.error_uri)), iif(OLD.errors IS NULL, '', ',"errors":' || json_quote(OLD.errors)), iif(OLD.file_size IS NULL, '', ',"file_size":' || json_quote(OLD.file_size)), iif(OLD.file_uri IS NULL, '', ',"file_uri":' || json_quote(OLD.file_uri)), iif(OLD.import_type IS NULL, '', ',"import_type":' || json_quote(OLD.import_type)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.queue_name IS NULL, '', ',"queue_name":' || json_quote(OLD.queue_name)), iif(OLD.queued_at IS NULL, '', ',"queued_at":' || json_quote(OLD.queued_at)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), iif(OLD.skipped IS NULL, '', ',"skipped":' || json_quote(OLD.skipped)), iif(OLD.skipped_uri IS NULL, '', ',"skipped_uri":' || json_quote(OLD.skipped_uri)), iif(OLD.started_at IS NULL, '', ',"started_at":' || json_quote(OLD.started_at)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.status_problem IS NULL, '', ',"status_problem":' || json_quote(OLD.status_problem)), iif(OLD.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(OLD.stock_take_id)), iif(OLD.updated IS NULL, '', ',"updated":' || json_quote(OLD.updated)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER data_imports_event_deleted AFTER DELETE ON data_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'data_import.deleted', 'data-import', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.added IS NULL, '', ',"added":' || json_quote(OLD.added)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.error_messages IS NULL, '', ',"error_messages":' || json_quote(OLD.error_messages)), iif(OLD.error_uri IS NULL, '', ',"error_uri":' || json_quote(OLD.error_uri)), iif(OLD.errors IS NULL, '', ',"errors":' || json_quote(OLD.errors)), iif(OLD.file_size IS NULL, '', ',"file_size":' || json_quote(OLD.file_size)), iif(OLD.file_uri IS NULL, '', ',"file_uri":' || json_quote(OLD.file_uri)), iif(OLD.import_type IS NULL, '', ',"import_type":' || json_quote(OLD.import_type)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.queue_name IS NULL, '', ',"queue_name":' || json_quote(OLD.queue_name)), iif(OLD.queued_at IS NULL, '', ',"queued_at":' || json_quote(OLD.queued_at)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), iif(OLD.skipped IS NULL, '', ',"skipped":' || json_quote(OLD.skipped)), iif(OLD.skipped_uri IS NULL, '', ',"skipped_uri":' || json_quote(OLD.skipped_uri)), iif(OLD.started_at IS NULL, '', ',"started_at":' || json_quote(OLD.started_at)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.status_problem IS NULL, '', ',"status_problem":' || json_quote(OLD.status_problem)), iif(OLD.stock_take_id IS NULL, '', ',"stock_take_id":' || json_quote(OLD.stock_take_id)), iif(OLD.updated IS NULL, '', ',"updated":' || json_quote(OLD.updated)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_locations_event_created AFTER INSERT ON dropship_locations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_location.created', 'dropship-location', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_locations_event_updated AFTER UPDATE ON dropship_locations WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.code IS NOT NEW.code OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.city IS NOT NEW.city OR OLD.state IS NOT NEW.state OR OLD.zip IS NOT NEW.zip OR OLD.country IS NOT NEW.country OR OLD.enabled IS NOT NEW.enabled OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_location.updated', 'dropship-location', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_locations_event_deleted AFTER DELETE ON dropship_locations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_location.deleted', 'dropship-location', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_addresses_event_created AFTER INSERT ON dropship_provider_addresses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_address.created', 'dropship-provider-address', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.purpose IS NULL, '', ',"purpose":' || json_quote(NEW.purpose)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.company IS NULL, '', ',"company":' || json_quote(NEW.company)), iif(NEW.line_one IS NULL, '', ',"line_one":' || json_quote(NEW.line_one)), iif(NEW.line_two IS NULL, '', ',"line_two":' || json_quote(NEW.line_two)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_addresses_event_updated AFTER UPDATE ON dropship_provider_addresses WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.purpose IS NOT NEW.purpose OR OLD.is_default IS NOT NEW.is_default OR OLD.name IS NOT NEW.name OR OLD.company IS NOT NEW.company OR OLD.line_one IS NOT NEW.line_one OR OLD.line_two IS NOT NEW.line_two OR OLD.city IS NOT NEW.city OR OLD.state IS NOT NEW.state OR OLD.zip IS NOT NEW.zip OR OLD.country IS NOT NEW.country OR OLD.phone IS NOT NEW.phone OR OLD.email IS NOT NEW.email BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_address.updated', 'dropship-provider-address', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.purpose IS NULL, '', ',"purpose":' || json_quote(NEW.purpose)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.company IS NULL, '', ',"company":' || json_quote(NEW.company)), iif(NEW.line_one IS NULL, '', ',"line_one":' || json_quote(NEW.line_one)), iif(NEW.line_two IS NULL, '', ',"line_two":' || json_quote(NEW.line_two)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.purpose IS NULL, '', ',"purpose":' || json_quote(OLD.purpose)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.company IS NULL, '', ',"company":' || json_quote(OLD.company)), iif(OLD.line_one IS NULL, '', ',"line_one":' || json_quote(OLD.line_one)), iif(OLD.line_two IS NULL, '', ',"line_two":' || json_quote(OLD.line_two)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_addresses_event_deleted AFTER DELETE ON dropship_provider_addresses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_address.deleted', 'dropship-provider-address', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.purpose IS NULL, '', ',"purpose":' || json_quote(OLD.purpose)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.company IS NULL, '', ',"company":' || json_quote(OLD.company)), iif(OLD.line_one IS NULL, '', ',"line_one":' || json_quote(OLD.line_one)), iif(OLD.line_two IS NULL, '', ',"line_two":' || json_quote(OLD.line_two)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_agreements_event_created AFTER INSERT ON dropship_provider_agreements BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_agreement.created', 'dropship-provider-agreement', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.agreement_id IS NULL, '', ',"agreement_id":' || json_quote(NEW.agreement_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.version IS NULL, '', ',"version":' || json_quote(NEW.version)), iif(NEW.signed_by IS NULL, '', ',"signed_by":' || json_quote(NEW.signed_by)), iif(NEW.signed_by_email IS NULL, '', ',"signed_by_email":' || json_quote(NEW.signed_by_email)), iif(NEW.accepted_at IS NULL, '', ',"accepted_at":' || json_quote(NEW.accepted_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_agreements_event_updated AFTER UPDATE ON dropship_provider_agreements WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.agreement_id IS NOT NEW.agreement_id OR OLD.status IS NOT NEW.status OR OLD.version IS NOT NEW.version OR OLD.signed_by IS NOT NEW.signed_by OR OLD.signed_by_email IS NOT NEW.signed_by_email OR OLD.accepted_at IS NOT NEW.accepted_at OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_agreement.updated', 'dropship-provider-agreement', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.agreement_id IS NULL, '', ',"agreement_id":' || json_quote(NEW.agreement_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.version IS NULL, '', ',"version":' || json_quote(NEW.version)), iif(NEW.signed_by IS NULL, '', ',"signed_by":' || json_quote(NEW.signed_by)), iif(NEW.signed_by_email IS NULL, '', ',"signed_by_email":' || json_quote(NEW.signed_by_email)), iif(NEW.accepted_at IS NULL, '', ',"accepted_at":' || json_quote(NEW.accepted_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.agreement_id IS NULL, '', ',"agreement_id":' || json_quote(OLD.agreement_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.version IS NULL, '', ',"version":' || json_quote(OLD.version)), iif(OLD.signed_by IS NULL, '', ',"signed_by":' || json_quote(OLD.signed_by)), iif(OLD.signed_by_email IS NULL, '', ',"signed_by_email":' || json_quote(OLD.signed_by_email)), iif(OLD.accepted_at IS NULL, '', ',"accepted_at":' || json_quote(OLD.accepted_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_agreements_event_deleted AFTER DELETE ON dropship_provider_agreements BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_agreement.deleted', 'dropship-provider-agreement', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.agreement_id IS NULL, '', ',"agreement_id":' || json_quote(OLD.agreement_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.version IS NULL, '', ',"version":' || json_quote(OLD.version)), iif(OLD.signed_by IS NULL, '', ',"signed_by":' || json_quote(OLD.signed_by)), iif(OLD.signed_by_email IS NULL, '', ',"signed_by_email":' || json_quote(OLD.signed_by_email)), iif(OLD.accepted_at IS NULL, '', ',"accepted_at":' || json_quote(OLD.accepted_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_collections_event_created AFTER INSERT ON dropship_provider_collections BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_collection.created', 'dropship-provider-collection', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.handle IS NULL, '', ',"handle":' || json_quote(NEW.handle)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.selected IS NULL, '', ',"selected":' || json_quote(NEW.selected)), iif(NEW.product_count IS NULL, '', ',"product_count":' || json_quote(NEW.product_count)), iif(NEW.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(NEW.last_fetched_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_collections_event_updated AFTER UPDATE ON dropship_provider_collections WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.external_id IS NOT NEW.external_id OR OLD.name IS NOT NEW.name OR OLD.handle IS NOT NEW.handle OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.selected IS NOT NEW.selected OR OLD.product_count IS NOT NEW.product_count OR OLD.last_fetched_at IS NOT NEW.last_fetched_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_collection.updated', 'dropship-provider-collection', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.handle IS NULL, '', ',"handle":' || json_quote(NEW.handle)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.selected IS NULL, '', ',"selected":' || json_quote(NEW.selected)), iif(NEW.product_count IS NULL, '', ',"product_count":' || json_quote(NEW.product_count)), iif(NEW.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(NEW.last_fetched_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.handle IS NULL, '', ',"handle":' || json_quote(OLD.handle)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.selected IS NULL, '', ',"selected":' || json_quote(OLD.selected)), iif(OLD.product_count IS NULL, '', ',"product_count":' || json_quote(OLD.product_count)), iif(OLD.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(OLD.last_fetched_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_collections_event_deleted AFTER DELETE ON dropship_provider_collections BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_collection.deleted', 'dropship-provider-collection', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.handle IS NULL, '', ',"handle":' || json_quote(OLD.handle)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.selected IS NULL, '', ',"selected":' || json_quote(OLD.selected)), iif(OLD.product_count IS NULL, '', ',"product_count":' || json_quote(OLD.product_count)), iif(OLD.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(OLD.last_fetched_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_collection_payloads_event_created AFTER INSERT ON dropship_provider_collection_payloads BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_collection_payload.created', 'dropship-provider-collection-payload', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_collection_id IS NULL, '', ',"dropship_provider_collection_id":' || json_quote(NEW.dropship_provider_collection_id)), iif(NEW.page IS NULL, '', ',"page":' || json_quote(NEW.page)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.item_count IS NULL, '', ',"item_count":' || json_quote(NEW.item_count)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.processed_at IS NULL, '', ',"processed_at":' || json_quote(NEW.processed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_collection_payloads_event_updated AFTER UPDATE ON dropship_provider_collection_payloads WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_collection_id IS NOT NEW.dropship_provider_collection_id OR OLD.page IS NOT NEW.page OR OLD.content_type IS NOT NEW.content_type OR OLD.payload IS NOT NEW.payload OR OLD.item_count IS NOT NEW.item_count OR OLD.status IS NOT NEW.status OR OLD.error_message IS NOT NEW.error_message OR OLD.processed_at IS NOT NEW.processed_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_collection_payload.updated', 'dropship-provider-collection-payload', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_collection_id IS NULL, '', ',"dropship_provider_collection_id":' || json_quote(NEW.dropship_provider_collection_id)), iif(NEW.page IS NULL, '', ',"page":' || json_quote(NEW.page)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.item_count IS NULL, '', ',"item_count":' || json_quote(NEW.item_count)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.processed_at IS NULL, '', ',"processed_at":' || json_quote(NEW.processed_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_collection_id IS NULL, '', ',"dropship_provider_collection_id":' || json_quote(OLD.dropship_provider_collection_id)), iif(OLD.page IS NULL, '', ',"page":' || json_quote(OLD.page)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.item_count IS NULL, '', ',"item_count":' || json_quote(OLD.item_count)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.processed_at IS NULL, '', ',"processed_at":' || json_quote(OLD.processed_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_collection_payloads_event_deleted AFTER DELETE ON dropship_provider_collection_payloads BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_collection_payload.deleted', 'dropship-provider-collection-payload', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_collection_id IS NULL, '', ',"dropship_provider_collection_id":' || json_quote(OLD.dropship_provider_collection_id)), iif(OLD.page IS NULL, '', ',"page":' || json_quote(OLD.page)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.item_count IS NULL, '', ',"item_count":' || json_quote(OLD.item_count)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.processed_at IS NULL, '', ',"processed_at":' || json_quote(OLD.processed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_inventory_feed_variants_event_created AFTER INSERT ON dropship_provider_inventory_feed_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_inventory_feed_variant.created', 'dropship-provider-inventory-feed-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(NEW.inventory_feed_variant_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.priority IS NULL, '', ',"priority":' || json_quote(NEW.priority)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_inventory_feed_variants_event_updated AFTER UPDATE ON dropship_provider_inventory_feed_variants WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.inventory_feed_variant_id IS NOT NEW.inventory_feed_variant_id OR OLD.sku IS NOT NEW.sku OR OLD.cost_price IS NOT NEW.cost_price OR OLD.quantity IS NOT NEW.quantity OR OLD.priority IS NOT NEW.priority OR OLD.enabled IS NOT NEW.enabled BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_inventory_feed_variant.updated', 'dropship-provider-inventory-feed-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(NEW.inventory_feed_variant_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.priority IS NULL, '', ',"priority":' || json_quote(NEW.priority)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(OLD.inventory_feed_variant_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.priority IS NULL, '', ',"priority":' || json_quote(OLD.priority)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_inventory_feed_variants_event_deleted AFTER DELETE ON dropship_provider_inventory_feed_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_inventory_feed_variant.deleted', 'dropship-provider-inventory-feed-variant', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.inventory_feed_variant_id IS NULL, '', ',"inventory_feed_variant_id":' || json_quote(OLD.inventory_feed_variant_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.priority IS NULL, '', ',"priority":' || json_quote(OLD.priority)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_platform_actions_event_created AFTER INSERT ON dropship_provider_platform_actions BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_platform_action.created', 'dropship-provider-platform-action', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(NEW.dropship_platform_account_id)), iif(NEW.action IS NULL, '', ',"action":' || json_quote(NEW.action)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.attempts IS NULL, '', ',"attempts":' || json_quote(NEW.attempts)), iif(NEW.request IS NULL, '', ',"request":' || json_quote(NEW.request)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_platform_actions_event_updated AFTER UPDATE ON dropship_provider_platform_actions WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.dropship_platform_account_id IS NOT NEW.dropship_platform_account_id OR OLD.action IS NOT NEW.action OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.status IS NOT NEW.status OR OLD.attempts IS NOT NEW.attempts OR OLD.request IS NOT NEW.request OR OLD.response IS NOT NEW.response OR OLD.error_message IS NOT NEW.error_message OR OLD.completed_at IS NOT NEW.completed_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_platform_action.updated', 'dropship-provider-platform-action', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(NEW.dropship_platform_account_id)), iif(NEW.action IS NULL, '', ',"action":' || json_quote(NEW.action)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.attempts IS NULL, '', ',"attempts":' || json_quote(NEW.attempts)), iif(NEW.request IS NULL, '', ',"request":' || json_quote(NEW.request)), iif(NEW.response IS NULL, '', ',"response":' || json_quote(NEW.response)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(OLD.dropship_platform_account_id)), iif(OLD.action IS NULL, '', ',"action":' || json_quote(OLD.action)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.attempts IS NULL, '', ',"attempts":' || json_quote(OLD.attempts)), iif(OLD.request IS NULL, '', ',"request":' || json_quote(OLD.request)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_platform_actions_event_deleted AFTER DELETE ON dropship_provider_platform_actions BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_platform_action.deleted', 'dropship-provider-platform-action', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(OLD.dropship_platform_account_id)), iif(OLD.action IS NULL, '', ',"action":' || json_quote(OLD.action)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.attempts IS NULL, '', ',"attempts":' || json_quote(OLD.attempts)), iif(OLD.request IS NULL, '', ',"request":' || json_quote(OLD.request)), iif(OLD.response IS NULL, '', ',"response":' || json_quote(OLD.response)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_shipment_imports_event_created AFTER INSERT ON dropship_provider_shipment_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_shipment_import.created', 'dropship-provider-shipment-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_shipment_imports_event_updated AFTER UPDATE ON dropship_provider_shipment_imports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.external_id IS NOT NEW.external_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.carrier IS NOT NEW.carrier OR OLD.status IS NOT NEW.status OR OLD.payload IS NOT NEW.payload OR OLD.error_message IS NOT NEW.error_message OR OLD.read IS NOT NEW.read BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_shipment_import.updated', 'dropship-provider-shipment-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_shipment_imports_event_deleted AFTER DELETE ON dropship_provider_shipment_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_shipment_import.deleted', 'dropship-provider-shipment-import', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_shipping_fields_event_created AFTER INSERT ON dropship_provider_shipping_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_shipping_field.created', 'dropship-provider-shipping-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.shipping_method IS NULL, '', ',"shipping_method":' || json_quote(NEW.shipping_method)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.account_number IS NULL, '', ',"account_number":' || json_quote(NEW.account_number)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_shipping_fields_event_updated AFTER UPDATE ON dropship_provider_shipping_fields WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.shipping_method IS NOT NEW.shipping_method OR OLD.carrier IS NOT NEW.carrier OR OLD.service IS NOT NEW.service OR OLD.code IS NOT NEW.code OR OLD.account_number IS NOT NEW.account_number OR OLD.is_default IS NOT NEW.is_default BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_shipping_field.updated', 'dropship-provider-shipping-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.shipping_method IS NULL, '', ',"shipping_method":' || json_quote(NEW.shipping_method)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.account_number IS NULL, '', ',"account_number":' || json_quote(NEW.account_number)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.shipping_method IS NULL, '', ',"shipping_method":' || json_quote(OLD.shipping_method)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.account_number IS NULL, '', ',"account_number":' || json_quote(OLD.account_number)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_shipping_fields_event_deleted AFTER DELETE ON dropship_provider_shipping_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_shipping_field.deleted', 'dropship-provider-shipping-field', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.shipping_method IS NULL, '', ',"shipping_method":' || json_quote(OLD.shipping_method)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.account_number IS NULL, '', ',"account_number":' || json_quote(OLD.account_number)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_warehouses_event_created AFTER INSERT ON dropship_provider_warehouses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_warehouse.created', 'dropship-provider-warehouse', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.handling_days IS NULL, '', ',"handling_days":' || json_quote(NEW.handling_days)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_warehouses_event_updated AFTER UPDATE ON dropship_provider_warehouses WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.name IS NOT NEW.name OR OLD.external_id IS NOT NEW.external_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.city IS NOT NEW.city OR OLD.state IS NOT NEW.state OR OLD.zip IS NOT NEW.zip OR OLD.country IS NOT NEW.country OR OLD.handling_days IS NOT NEW.handling_days OR OLD.is_default IS NOT NEW.is_default OR OLD.enabled IS NOT NEW.enabled BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_warehouse.updated', 'dropship-provider-warehouse', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.handling_days IS NULL, '', ',"handling_days":' || json_quote(NEW.handling_days)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.handling_days IS NULL, '', ',"handling_days":' || json_quote(OLD.handling_days)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_warehouses_event_deleted AFTER DELETE ON dropship_provider_warehouses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_warehouse.deleted', 'dropship-provider-warehouse', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.handling_days IS NULL, '', ',"handling_days":' || json_quote(OLD.handling_days)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_purchase_imports_event_created AFTER INSERT ON dropship_purchase_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_purchase_import.created', 'dropship-purchase-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(NEW.dropship_platform_account_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_purchase_imports_event_updated AFTER UPDATE ON dropship_purchase_imports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_platform_account_id IS NOT NEW.dropship_platform_account_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.external_id IS NOT NEW.external_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.status IS NOT NEW.status OR OLD.payload IS NOT NEW.payload OR OLD.error_message IS NOT NEW.error_message OR OLD.read IS NOT NEW.read BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_purchase_import.updated', 'dropship-purchase-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(NEW.dropship_platform_account_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(OLD.dropship_platform_account_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_purchase_imports_event_deleted AFTER DELETE ON dropship_purchase_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_purchase_import.deleted', 'dropship-purchase-import', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_platform_account_id IS NULL, '', ',"dropship_platform_account_id":' || json_quote(OLD.dropship_platform_account_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipments_event_created AFTER INSERT ON dropshipments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropshipment.created', 'dropshipment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.carrier_pickup_id IS NULL, '', ',"carrier_pickup_id":' || json_quote(NEW.carrier_pickup_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(NEW.manifest_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.vendor_external_id IS NULL, '', ',"vendor_external_id":' || json_quote(NEW.vendor_external_id)), iif(NEW.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(NEW.purchase_import_external_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.import_source IS NULL, '', ',"import_source":' || json_quote(NEW.import_source)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(NEW.requires_shipping_approval)), iif(NEW.shipment_routing IS NULL, '', ',"shipment_routing":' || json_quote(NEW.shipment_routing)), iif(NEW.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(NEW.channel_notification)), iif(NEW.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(NEW.channel_attempts)), iif(NEW.channel_error IS NULL, '', ',"channel_error":' || json_quote(NEW.channel_error)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.quote_id IS NULL, '', ',"quote_id":' || json_quote(NEW.quote_id)), iif(NEW.service_level IS NULL, '', ',"service_level":' || json_quote(NEW.service_level)), iif(NEW.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(NEW.service_level_terms)), iif(NEW.days IS NULL, '', ',"days":' || json_quote(NEW.days)), iif(NEW.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(NEW.duration_terms)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(NEW.shipped_at)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(NEW.tracking_status_date)), iif(NEW.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(NEW.tracking_status_details)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.total_weight IS NULL, '', ',"total_weight":' || json_quote(NEW.total_weight)), iif(NEW.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(NEW.weight_unit)), iif(NEW.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(NEW.packing_depth)), iif(NEW.packing_height IS NULL, '', ',"packing_height":' || json_quote(NEW.packing_height)), iif(NEW.packing_width IS NULL, '', ',"packing_width":' || json_quote(NEW.packing_width)), iif(NEW.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(NEW.distance_unit)), iif(NEW.label_id IS NULL, '', ',"label_id":' || json_quote(NEW.label_id)), iif(NEW.label_url IS NULL, '', ',"label_url":' || json_quote(NEW.label_url)), iif(NEW.label_version IS NULL, '', ',"label_version":' || json_quote(NEW.label_version)), iif(NEW.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(NEW.label_file_format)), iif(NEW.label_files IS NULL, '', ',"label_files":' || json_quote(NEW.label_files)), iif(NEW.label_uris IS NULL, '', ',"label_uris":' || json_quote(NEW.label_uris)), iif(NEW.label_print_status IS NULL, '', ',"label_print_status":' || json_quote(NEW.label_print_status)), iif(NEW.printed_label IS NULL, '', ',"printed_label":' || json_quote(NEW.printed_label)), iif(NEW.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(NEW.printed_label_at)), iif(NEW.label_error IS NULL, '', ',"label_error":' || json_quote(NEW.label_error)), iif(NEW.label_refund IS NULL, '', ',"label_refund":' || json_quote(NEW.label_refund)), iif(NEW.label_problem IS NULL, '', ',"label_problem":' || json_quote(NEW.label_problem)), iif(NEW.pickup_problem IS NULL, '', ',"pickup_problem":' || json_quote(NEW.pickup_problem)), iif(NEW.send_shipping_update_problem IS NULL, '', ',"send_shipping_update_problem":' || json_quote(NEW.send_shipping_update_problem)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(NEW.commercial_invoice_url)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipments_event_updated AFTER UPDATE ON dropshipments WHEN OLD.company_id IS NOT NEW.company_id OR OLD.status IS NOT NEW.status OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.carrier_pickup_id IS NOT NEW.carrier_pickup_id OR OLD.user_id IS NOT NEW.user_id OR OLD.manifest_id IS NOT NEW.manifest_id OR OLD.reference IS NOT NEW.reference OR OLD.external_id IS NOT NEW.external_id OR OLD.vendor_external_id IS NOT NEW.vendor_external_id OR OLD.purchase_import_external_id IS NOT NEW.purchase_import_external_id OR OLD.source IS NOT NEW.source OR OLD.import_source IS NOT NEW.import_source OR OLD.inventory_status IS NOT NEW.inventory_status OR OLD.requires_shipping_approval IS NOT NEW.requires_shipping_approval OR OLD.shipment_routing IS NOT NEW.shipment_routing OR OLD.channel_notification IS NOT NEW.channel_notification OR OLD.channel_attempts IS NOT NEW.channel_attempts OR OLD.channel_error IS NOT NEW.channel_error OR OLD.carrier IS NOT NEW.carrier OR OLD.service IS NOT NEW.service OR OLD.provider IS NOT NEW.provider OR OLD.quote_id IS NOT NEW.quote_id OR OLD.service_level IS NOT NEW.service_level OR OLD.service_level_terms IS NOT NEW.service_level_terms OR OLD.days IS NOT NEW.days OR OLD.duration_terms IS NOT NEW.duration_terms OR OLD.price IS NOT NEW.price OR OLD.shipped_at IS NOT NEW.shipped_at OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.tracking_company IS NOT NEW.tracking_company OR OLD.tracking_url IS NOT NEW.tracking_url OR OLD.tracking_status IS NOT NEW.tracking_status OR OLD.tracking_status_date IS NOT NEW.tracking_status_date OR OLD.tracking_status_details IS NOT NEW.tracking_status_details OR OLD.grams IS NOT NEW.grams OR OLD.total_weight IS NOT NEW.total_weight OR OLD.weight_unit IS NOT NEW.weight_unit OR OLD.packing_depth IS NOT NEW.packing_depth OR OLD.packing_height IS NOT NEW.packing_height OR OLD.packing_width IS NOT NEW.packing_width OR OLD.distance_unit IS NOT NEW.distance_unit OR OLD.label_id IS NOT NEW.label_id OR OLD.label_url IS NOT NEW.label_url OR OLD.label_version IS NOT NEW.label_version OR OLD.label_file_format IS NOT NEW.label_file_format OR OLD.label_files IS NOT NEW.label_files OR OLD.label_uris IS NOT NEW.label_uris OR OLD.label_print_status IS NOT NEW.label_print_status OR OLD.printed_label IS NOT NEW.printed_label OR OLD.printed_label_at IS NOT NEW.printed_label_at OR OLD.label_error IS NOT NEW.label_error OR OLD.label_refund IS NOT NEW.label_refund OR OLD.label_problem IS NOT NEW.label_problem OR OLD.pickup_problem IS NOT NEW.pickup_problem OR OLD.send_shipping_update_problem IS NOT NEW.send_shipping_update_problem OR OLD.mute_error IS NOT NEW.mute_error OR OLD.commercial_invoice_url IS NOT NEW.commercial_invoice_url OR OLD.files IS NOT NEW.files OR OLD.tags IS NOT NEW.tags OR OLD.admin_notes IS NOT NEW.admin_notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropshipment.updated', 'dropshipment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.carrier_pickup_id IS NULL, '', ',"carrier_pickup_id":' || json_quote(NEW.carrier_pickup_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(NEW.manifest_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.vendor_external_id IS NULL, '', ',"vendor_external_id":' || json_quote(NEW.vendor_external_id)), iif(NEW.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(NEW.purchase_import_external_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.import_source IS NULL, '', ',"import_source":' || json_quote(NEW.import_source)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(NEW.requires_shipping_approval)), iif(NEW.shipment_routing IS NULL, '', ',"shipment_routing":' || json_quote(NEW.shipment_routing)), iif(NEW.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(NEW.channel_notification)), iif(NEW.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(NEW.channel_attempts)), iif(NEW.channel_error IS NULL, '', ',"channel_error":' || json_quote(NEW.channel_error)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.quote_id IS NULL, '', ',"quote_id":' || json_quote(NEW.quote_id)), iif(NEW.service_level IS NULL, '', ',"service_level":' || json_quote(NEW.service_level)), iif(NEW.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(NEW.service_level_terms)), iif(NEW.days IS NULL, '', ',"days":' || json_quote(NEW.days)), iif(NEW.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(NEW.duration_terms)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(NEW.shipped_at)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(NEW.tracking_status_date)), iif(NEW.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(NEW.tracking_status_details)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.total_weight IS NULL, '', ',"total_weight":' || json_quote(NEW.total_weight)), iif(NEW.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(NEW.weight_unit)), iif(NEW.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(NEW.packing_depth)), iif(NEW.packing_height IS NULL, '', ',"packing_height":' || json_quote(NEW.packing_height)), iif(NEW.packing_width IS NULL, '', ',"packing_width":' || json_quote(NEW.packing_width)), iif(NEW.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(NEW.distance_unit)), iif(NEW.label_id IS NULL, '', ',"label_id":' || json_quote(NEW.label_id)), iif(NEW.label_url IS NULL, '', ',"label_url":' || json_quote(NEW.label_url)), iif(NEW.label_version IS NULL, '', ',"label_version":' || json_quote(NEW.label_version)), iif(NEW.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(NEW.label_file_format)), iif(NEW.label_files IS NULL, '', ',"label_files":' || json_quote(NEW.label_files)), iif(NEW.label_uris IS NULL, '', ',"label_uris":' || json_quote(NEW.label_uris)), iif(NEW.label_print_status IS NULL, '', ',"label_print_status":' || json_quote(NEW.label_print_status)), iif(NEW.printed_label IS NULL, '', ',"printed_label":' || json_quote(NEW.printed_label)), iif(NEW.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(NEW.printed_label_at)), iif(NEW.label_error IS NULL, '', ',"label_error":' || json_quote(NEW.label_error)), iif(NEW.label_refund IS NULL, '', ',"label_refund":' || json_quote(NEW.label_refund)), iif(NEW.label_problem IS NULL, '', ',"label_problem":' || json_quote(NEW.label_problem)), iif(NEW.pickup_problem IS NULL, '', ',"pickup_problem":' || json_quote(NEW.pickup_problem)), iif(NEW.send_shipping_update_problem IS NULL, '', ',"send_shipping_update_problem":' || json_quote(NEW.send_shipping_update_problem)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(NEW.commercial_invoice_url)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.carrier_pickup_id IS NULL, '', ',"carrier_pickup_id":' || json_quote(OLD.carrier_pickup_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(OLD.manifest_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.vendor_external_id IS NULL, '', ',"vendor_external_id":' || json_quote(OLD.vendor_external_id)), iif(OLD.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(OLD.purchase_import_external_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.import_source IS NULL, '', ',"import_source":' || json_quote(OLD.import_source)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(OLD.requires_shipping_approval)), iif(OLD.shipment_routing IS NULL, '', ',"shipment_routing":' || json_quote(OLD.shipment_routing)), iif(OLD.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(OLD.channel_notification)), iif(OLD.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(OLD.channel_attempts)), iif(OLD.channel_error IS NULL, '', ',"channel_error":' || json_quote(OLD.channel_error)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.quote_id IS NULL, '', ',"quote_id":' || json_quote(OLD.quote_id)), iif(OLD.service_level IS NULL, '', ',"service_level":' || json_quote(OLD.service_level)), iif(OLD.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(OLD.service_level_terms)), iif(OLD.days IS NULL, '', ',"days":' || json_quote(OLD.days)), iif(OLD.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(OLD.duration_terms)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(OLD.shipped_at)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(OLD.tracking_status_date)), iif(OLD.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(OLD.tracking_status_details)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.total_weight IS NULL, '', ',"total_weight":' || json_quote(OLD.total_weight)), iif(OLD.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(OLD.weight_unit)), iif(OLD.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(OLD.packing_depth)), iif(OLD.packing_height IS NULL, '', ',"packing_height":' || json_quote(OLD.packing_height)), iif(OLD.packing_width IS NULL, '', ',"packing_width":' || json_quote(OLD.packing_width)), iif(OLD.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(OLD.distance_unit)), iif(OLD.label_id IS NULL, '', ',"label_id":' || json_quote(OLD.label_id)), iif(OLD.label_url IS NULL, '', ',"label_url":' || json_quote(OLD.label_url)), iif(OLD.label_version IS NULL, '', ',"label_version":' || json_quote(OLD.label_version)), iif(OLD.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(OLD.label_file_format)), iif(OLD.label_files IS NULL, '', ',"label_files":' || json_quote(OLD.label_files)), iif(OLD.label_uris IS NULL, '', ',"label_uris":' || json_quote(OLD.label_uris)), iif(OLD.label_print_status IS NULL, '', ',"label_print_status":' || json_quote(OLD.label_print_status)), iif(OLD.printed_label IS NULL, '', ',"printed_label":' || json_quote(OLD.printed_label)), iif(OLD.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(OLD.printed_label_at)), iif(OLD.label_error IS NULL, '', ',"label_error":' || json_quote(OLD.label_error)), iif(OLD.label_refund IS NULL, '', ',"label_refund":' || json_quote(OLD.label_refund)), iif(OLD.label_problem IS NULL, '', ',"label_problem":' || json_quote(OLD.label_problem)), iif(OLD.pickup_problem IS NULL, '', ',"pickup_problem":' || json_quote(OLD.pickup_problem)), iif(OLD.send_shipping_update_problem IS NULL, '', ',"send_shipping_update_problem":' || json_quote(OLD.send_shipping_update_problem)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(OLD.commercial_invoice_url)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipments_event_deleted AFTER DELETE ON dropshipments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropshipment.deleted', 'dropshipment', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.carrier_pickup_id IS NULL, '', ',"carrier_pickup_id":' || json_quote(OLD.carrier_pickup_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(OLD.manifest_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.vendor_external_id IS NULL, '', ',"vendor_external_id":' || json_quote(OLD.vendor_external_id)), iif(OLD.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(OLD.purchase_import_external_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.import_source IS NULL, '', ',"import_source":' || json_quote(OLD.import_source)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(OLD.requires_shipping_approval)), iif(OLD.shipment_routing IS NULL, '', ',"shipment_routing":' || json_quote(OLD.shipment_routing)), iif(OLD.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(OLD.channel_notification)), iif(OLD.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(OLD.channel_attempts)), iif(OLD.channel_error IS NULL, '', ',"channel_error":' || json_quote(OLD.channel_error)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.quote_id IS NULL, '', ',"quote_id":' || json_quote(OLD.quote_id)), iif(OLD.service_level IS NULL, '', ',"service_level":' || json_quote(OLD.service_level)), iif(OLD.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(OLD.service_level_terms)), iif(OLD.days IS NULL, '', ',"days":' || json_quote(OLD.days)), iif(OLD.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(OLD.duration_terms)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(OLD.shipped_at)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(OLD.tracking_status_date)), iif(OLD.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(OLD.tracking_status_details)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.total_weight IS NULL, '', ',"total_weight":' || json_quote(OLD.total_weight)), iif(OLD.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(OLD.weight_unit)), iif(OLD.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(OLD.packing_depth)), iif(OLD.packing_height IS NULL, '', ',"packing_height":' || json_quote(OLD.packing_height)), iif(OLD.packing_width IS NULL, '', ',"packing_width":' || json_quote(OLD.packing_width)), iif(OLD.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(OLD.distance_unit)), iif(OLD.label_id IS NULL, '', ',"label_id":' || json_quote(OLD.label_id)), iif(OLD.label_url IS NULL, '', ',"label_url":' || json_quote(OLD.label_url)), iif(OLD.label_version IS NULL, '', ',"label_version":' || json_quote(OLD.label_version)), iif(OLD.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(OLD.label_file_format)), iif(OLD.label_files IS NULL, '', ',"label_files":' || json_quote(OLD.label_files)), iif(OLD.label_uris IS NULL, '', ',"label_uris":' || json_quote(OLD.label_uris)), iif(OLD.label_print_status IS NULL, '', ',"label_print_status":' || json_quote(OLD.label_print_status)), iif(OLD.printed_label IS NULL, '', ',"printed_label":' || json_quote(OLD.printed_label)), iif(OLD.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(OLD.printed_label_at)), iif(OLD.label_error IS NULL, '', ',"label_error":' || json_quote(OLD.label_error)), iif(OLD.label_refund IS NULL, '', ',"label_refund":' || json_quote(OLD.label_refund)), iif(OLD.label_problem IS NULL, '', ',"label_problem":' || json_quote(OLD.label_problem)), iif(OLD.pickup_problem IS NULL, '', ',"pickup_problem":' || json_quote(OLD.pickup_problem)), iif(OLD.send_shipping_update_problem IS NULL, '', ',"send_shipping_update_problem":' || json_quote(OLD.send_shipping_update_problem)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(OLD.commercial_invoice_url)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipment_imports_event_created AFTER INSERT ON dropshipment_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropshipment_import.created', 'dropshipment-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.problem IS NULL, '', ',"problem":' || json_quote(NEW.problem)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipment_imports_event_updated AFTER UPDATE ON dropshipment_imports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.external_id IS NOT NEW.external_id OR OLD.source IS NOT NEW.source OR OLD.status IS NOT NEW.status OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.payload IS NOT NEW.payload OR OLD.problem IS NOT NEW.problem BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropshipment_import.updated', 'dropshipment-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.problem IS NULL, '', ',"problem":' || json_quote(NEW.problem)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.problem IS NULL, '', ',"problem":' || json_quote(OLD.problem)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipment_imports_event_deleted AFTER DELETE ON dropshipment_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropshipment_import.deleted', 'dropshipment-import', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.problem IS NULL, '', ',"problem":' || json_quote(OLD.problem)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipment_items_event_created AFTER INSERT ON dropshipment_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropshipment_item.created', 'dropshipment-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipment_items_event_updated AFTER UPDATE ON dropshipment_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.external_id IS NOT NEW.external_id OR OLD.sku IS NOT NEW.sku OR OLD.name IS NOT NEW.name OR OLD.quantity IS NOT NEW.quantity BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropshipment_item.updated', 'dropshipment-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropshipment_items_event_deleted AFTER DELETE ON dropshipment_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropshipment_item.deleted', 'dropshipment-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER errors_event_created AFTER INSERT ON errors BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'error.created', 'error', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), iif(NEW.details IS NULL, '', ',"details":' || json_quote(NEW.details)), iif(NEW.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(NEW.subject_kind)), iif(NEW.subject_id IS NULL, '', ',"subject_id":' || json_quote(NEW.subject_id)), iif(NEW.resolved IS NULL, '', ',"resolved":' || json_quote(NEW.resolved)), iif(NEW.resolved_at IS NULL, '', ',"resolved_at":' || json_quote(NEW.resolved_at)), iif(NEW.occurred_at IS NULL, '', ',"occurred_at":' || json_quote(NEW.occurred_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER errors_event_updated AFTER UPDATE ON errors WHEN OLD.company_id IS NOT NEW.company_id OR OLD.source IS NOT NEW.source OR OLD.code IS NOT NEW.code OR OLD.message IS NOT NEW.message OR OLD.details IS NOT NEW.details OR OLD.subject_kind IS NOT NEW.subject_kind OR OLD.subject_id IS NOT NEW.subject_id OR OLD.resolved IS NOT NEW.resolved OR OLD.resolved_at IS NOT NEW.resolved_at OR OLD.occurred_at IS NOT NEW.occurred_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'error.updated', 'error', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), iif(NEW.details IS NULL, '', ',"details":' || json_quote(NEW.details)), iif(NEW.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(NEW.subject_kind)), iif(NEW.subject_id IS NULL, '', ',"subject_id":' || json_quote(NEW.subject_id)), iif(NEW.resolved IS NULL, '', ',"resolved":' || json_quote(NEW.resolved)), iif(NEW.resolved_at IS NULL, '', ',"resolved_at":' || json_quote(NEW.resolved_at)), iif(NEW.occurred_at IS NULL, '', ',"occurred_at":' || json_quote(NEW.occurred_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), iif(OLD.details IS NULL, '', ',"details":' || json_quote(OLD.details)), iif(OLD.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(OLD.subject_kind)), iif(OLD.subject_id IS NULL, '', ',"subject_id":' || json_quote(OLD.subject_id)), iif(OLD.resolved IS NULL, '', ',"resolved":' || json_quote(OLD.resolved)), iif(OLD.resolved_at IS NULL, '', ',"resolved_at":' || json_quote(OLD.resolved_at)), iif(OLD.occurred_at IS NULL, '', ',"occurred_at":' || json_quote(OLD.occurred_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER errors_event_deleted AFTER DELETE ON errors BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'error.deleted', 'error', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), iif(OLD.details IS NULL, '', ',"details":' || json_quote(OLD.details)), iif(OLD.subject_kind IS NULL, '', ',"subject_kind":' || json_quote(OLD.subject_kind)), iif(OLD.subject_id IS NULL, '', ',"subject_id":' || json_quote(OLD.subject_id)), iif(OLD.resolved IS NULL, '', ',"resolved":' || json_quote(OLD.resolved)), iif(OLD.resolved_at IS NULL, '', ',"resolved_at":' || json_quote(OLD.resolved_at)), iif(OLD.occurred_at IS NULL, '', ',"occurred_at":' || json_quote(OLD.occurred_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER fulfillments_event_created AFTER INSERT ON fulfillments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'fulfillment.created', 'fulfillment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(NEW.manifest_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.fulfillment_type IS NULL, '', ',"fulfillment_type":' || json_quote(NEW.fulfillment_type)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(NEW.requires_shipping_approval)), iif(NEW.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(NEW.channel_notification)), iif(NEW.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(NEW.channel_attempts)), iif(NEW.channel_error IS NULL, '', ',"channel_error":' || json_quote(NEW.channel_error)), iif(NEW.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(NEW.shipping_name)), iif(NEW.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(NEW.shipping_company)), iif(NEW.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(NEW.shipping_address_line_one)), iif(NEW.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(NEW.shipping_address_line_two)), iif(NEW.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(NEW.shipping_city)), iif(NEW.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(NEW.shipping_state)), iif(NEW.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(NEW.shipping_zip)), iif(NEW.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(NEW.shipping_country)), iif(NEW.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(NEW.shipping_phone)), iif(NEW.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(NEW.shipping_email)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.quote_id IS NULL, '', ',"quote_id":' || json_quote(NEW.quote_id)), iif(NEW.service_level IS NULL, '', ',"service_level":' || json_quote(NEW.service_level)), iif(NEW.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(NEW.service_level_terms)), iif(NEW.days IS NULL, '', ',"days":' || json_quote(NEW.days)), iif(NEW.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(NEW.duration_terms)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.picked IS NULL, '', ',"picked":' || json_quote(NEW.picked)), iif(NEW.picked_at IS NULL, '', ',"picked_at":' || json_quote(NEW.picked_at)), iif(NEW.packed IS NULL, '', ',"packed":' || json_quote(NEW.packed)), iif(NEW.packed_at IS NULL, '', ',"packed_at":' || json_quote(NEW.packed_at)), iif(NEW.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(NEW.shipped_at)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(NEW.tracking_status_date)), iif(NEW.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(NEW.tracking_status_details)), iif(NEW.label_url IS NULL, '', ',"label_url":' || json_quote(NEW.label_url)), iif(NEW.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(NEW.label_file_format)), iif(NEW.label_files IS NULL, '', ',"label_files":' || json_quote(NEW.label_files)), iif(NEW.printed_label IS NULL, '', ',"printed_label":' || json_quote(NEW.printed_label)), iif(NEW.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(NEW.printed_label_at)), iif(NEW.label_error IS NULL, '', ',"label_error":' || json_quote(NEW.label_error)), iif(NEW.label_refund IS NULL, '', ',"label_refund":' || json_quote(NEW.label_refund)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(NEW.commercial_invoice_url)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER fulfillments_event_updated AFTER UPDATE ON fulfillments WHEN OLD.company_id IS NOT NEW.company_id OR OLD.status IS NOT NEW.status OR OLD.sale_id IS NOT NEW.sale_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.user_id IS NOT NEW.user_id OR OLD.manifest_id IS NOT NEW.manifest_id OR OLD.reference IS NOT NEW.reference OR OLD.external_id IS NOT NEW.external_id OR OLD.fulfillment_type IS NOT NEW.fulfillment_type OR OLD.inventory_status IS NOT NEW.inventory_status OR OLD.requires_shipping_approval IS NOT NEW.requires_shipping_approval OR OLD.channel_notification IS NOT NEW.channel_notification OR OLD.channel_attempts IS NOT NEW.channel_attempts OR OLD.channel_error IS NOT NEW.channel_error OR OLD.shipping_name IS NOT NEW.shipping_name OR OLD.shipping_company IS NOT NEW.shipping_company OR OLD.shipping_address_line_one IS NOT NEW.shipping_address_line_one OR OLD.shipping_address_line_two IS NOT NEW.shipping_address_line_two OR OLD.shipping_city IS NOT NEW.shipping_city OR OLD.shipping_state IS NOT NEW.shipping_state OR OLD.shipping_zip IS NOT NEW.shipping_zip OR OLD.shipping_country IS NOT NEW.shipping_country OR OLD.shipping_phone IS NOT NEW.shipping_phone OR OLD.shipping_email IS NOT NEW.shipping_email OR OLD.carrier IS NOT NEW.carrier OR OLD.service IS NOT NEW.service OR OLD.provider IS NOT NEW.provider OR OLD.quote_id IS NOT NEW.quote_id OR OLD.service_level IS NOT NEW.service_level OR OLD.service_level_terms IS NOT NEW.service_level_terms OR OLD.days IS NOT NEW.days OR OLD.duration_terms IS NOT NEW.duration_terms OR OLD.price IS NOT NEW.price OR OLD.grams IS NOT NEW.grams OR OLD.picked IS NOT NEW.picked OR OLD.picked_at IS NOT NEW.picked_at OR OLD.packed IS NOT NEW.packed OR OLD.packed_at IS NOT NEW.packed_at OR OLD.shipped_at IS NOT NEW.shipped_at OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.tracking_company IS NOT NEW.tracking_company OR OLD.tracking_url IS NOT NEW.tracking_url OR OLD.tracking_status IS NOT NEW.tracking_status OR OLD.tracking_status_date IS NOT NEW.tracking_status_date OR OLD.tracking_status_details IS NOT NEW.tracking_status_details OR OLD.label_url IS NOT NEW.label_url OR OLD.label_file_format IS NOT NEW.label_file_format OR OLD.label_files IS NOT NEW.label_files OR OLD.printed_label IS NOT NEW.printed_label OR OLD.printed_label_at IS NOT NEW.printed_label_at OR OLD.label_error IS NOT NEW.label_error OR OLD.label_refund IS NOT NEW.label_refund OR OLD.mute_error IS NOT NEW.mute_error OR OLD.commercial_invoice_url IS NOT NEW.commercial_invoice_url OR OLD.files IS NOT NEW.files OR OLD.tags IS NOT NEW.tags OR OLD.admin_notes IS NOT NEW.admin_notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'fulfillment.updated', 'fulfillment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(NEW.manifest_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.fulfillment_type IS NULL, '', ',"fulfillment_type":' || json_quote(NEW.fulfillment_type)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(NEW.requires_shipping_approval)), iif(NEW.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(NEW.channel_notification)), iif(NEW.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(NEW.channel_attempts)), iif(NEW.channel_error IS NULL, '', ',"channel_error":' || json_quote(NEW.channel_error)), iif(NEW.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(NEW.shipping_name)), iif(NEW.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(NEW.shipping_company)), iif(NEW.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(NEW.shipping_address_line_one)), iif(NEW.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(NEW.shipping_address_line_two)), iif(NEW.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(NEW.shipping_city)), iif(NEW.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(NEW.shipping_state)), iif(NEW.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(NEW.shipping_zip)), iif(NEW.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(NEW.shipping_country)), iif(NEW.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(NEW.shipping_phone)), iif(NEW.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(NEW.shipping_email)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.quote_id IS NULL, '', ',"quote_id":' || json_quote(NEW.quote_id)), iif(NEW.service_level IS NULL, '', ',"service_level":' || json_quote(NEW.service_level)), iif(NEW.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(NEW.service_level_terms)), iif(NEW.days IS NULL, '', ',"days":' || json_quote(NEW.days)), iif(NEW.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(NEW.duration_terms)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.picked IS NULL, '', ',"picked":' || json_quote(NEW.picked)), iif(NEW.picked_at IS NULL, '', ',"picked_at":' || json_quote(NEW.picked_at)), iif(NEW.packed IS NULL, '', ',"packed":' || json_quote(NEW.packed)), iif(NEW.packed_at IS NULL, '', ',"packed_at":' || json_quote(NEW.packed_at)), iif(NEW.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(NEW.shipped_at)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(NEW.tracking_status_date)), iif(NEW.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(NEW.tracking_status_details)), iif(NEW.label_url IS NULL, '', ',"label_url":' || json_quote(NEW.label_url)), iif(NEW.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(NEW.label_file_format)), iif(NEW.label_files IS NULL, '', ',"label_files":' || json_quote(NEW.label_files)), iif(NEW.printed_label IS NULL, '', ',"printed_label":' || json_quote(NEW.printed_label)), iif(NEW.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(NEW.printed_label_at)), iif(NEW.label_error IS NULL, '', ',"label_error":' || json_quote(NEW.label_error)), iif(NEW.label_refund IS NULL, '', ',"label_refund":' || json_quote(NEW.label_refund)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(NEW.commercial_invoice_url)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(OLD.manifest_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.fulfillment_type IS NULL, '', ',"fulfillment_type":' || json_quote(OLD.fulfillment_type)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(OLD.requires_shipping_approval)), iif(OLD.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(OLD.channel_notification)), iif(OLD.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(OLD.channel_attempts)), iif(OLD.channel_error IS NULL, '', ',"channel_error":' || json_quote(OLD.channel_error)), iif(OLD.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(OLD.shipping_name)), iif(OLD.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(OLD.shipping_company)), iif(OLD.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(OLD.shipping_address_line_one)), iif(OLD.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(OLD.shipping_address_line_two)), iif(OLD.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(OLD.shipping_city)), iif(OLD.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(OLD.shipping_state)), iif(OLD.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(OLD.shipping_zip)), iif(OLD.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(OLD.shipping_country)), iif(OLD.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(OLD.shipping_phone)), iif(OLD.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(OLD.shipping_email)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.quote_id IS NULL, '', ',"quote_id":' || json_quote(OLD.quote_id)), iif(OLD.service_level IS NULL, '', ',"service_level":' || json_quote(OLD.service_level)), iif(OLD.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(OLD.service_level_terms)), iif(OLD.days IS NULL, '', ',"days":' || json_quote(OLD.days)), iif(OLD.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(OLD.duration_terms)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.picked IS NULL, '', ',"picked":' || json_quote(OLD.picked)), iif(OLD.picked_at IS NULL, '', ',"picked_at":' || json_quote(OLD.picked_at)), iif(OLD.packed IS NULL, '', ',"packed":' || json_quote(OLD.packed)), iif(OLD.packed_at IS NULL, '', ',"packed_at":' || json_quote(OLD.packed_at)), iif(OLD.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(OLD.shipped_at)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(OLD.tracking_status_date)), iif(OLD.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(OLD.tracking_status_details)), iif(OLD.label_url IS NULL, '', ',"label_url":' || json_quote(OLD.label_url)), iif(OLD.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(OLD.label_file_format)), iif(OLD.label_files IS NULL, '', ',"label_files":' || json_quote(OLD.label_files)), iif(OLD.printed_label IS NULL, '', ',"printed_label":' || json_quote(OLD.printed_label)), iif(OLD.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(OLD.printed_label_at)), iif(OLD.label_error IS NULL, '', ',"label_error":' || json_quote(OLD.label_error)), iif(OLD.label_refund IS NULL, '', ',"label_refund":' || json_quote(OLD.label_refund)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(OLD.commercial_invoice_url)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER fulfillments_event_deleted AFTER DELETE ON fulfillments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'fulfillment.deleted', 'fulfillment', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.manifest_id IS NULL, '', ',"manifest_id":' || json_quote(OLD.manifest_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.fulfillment_type IS NULL, '', ',"fulfillment_type":' || json_quote(OLD.fulfillment_type)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.requires_shipping_approval IS NULL, '', ',"requires_shipping_approval":' || json_quote(OLD.requires_shipping_approval)), iif(OLD.channel_notification IS NULL, '', ',"channel_notification":' || json_quote(OLD.channel_notification)), iif(OLD.channel_attempts IS NULL, '', ',"channel_attempts":' || json_quote(OLD.channel_attempts)), iif(OLD.channel_error IS NULL, '', ',"channel_error":' || json_quote(OLD.channel_error)), iif(OLD.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(OLD.shipping_name)), iif(OLD.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(OLD.shipping_company)), iif(OLD.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(OLD.shipping_address_line_one)), iif(OLD.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(OLD.shipping_address_line_two)), iif(OLD.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(OLD.shipping_city)), iif(OLD.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(OLD.shipping_state)), iif(OLD.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(OLD.shipping_zip)), iif(OLD.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(OLD.shipping_country)), iif(OLD.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(OLD.shipping_phone)), iif(OLD.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(OLD.shipping_email)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.quote_id IS NULL, '', ',"quote_id":' || json_quote(OLD.quote_id)), iif(OLD.service_level IS NULL, '', ',"service_level":' || json_quote(OLD.service_level)), iif(OLD.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(OLD.service_level_terms)), iif(OLD.days IS NULL, '', ',"days":' || json_quote(OLD.days)), iif(OLD.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(OLD.duration_terms)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.picked IS NULL, '', ',"picked":' || json_quote(OLD.picked)), iif(OLD.picked_at IS NULL, '', ',"picked_at":' || json_quote(OLD.picked_at)), iif(OLD.packed IS NULL, '', ',"packed":' || json_quote(OLD.packed)), iif(OLD.packed_at IS NULL, '', ',"packed_at":' || json_quote(OLD.packed_at)), iif(OLD.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(OLD.shipped_at)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(OLD.tracking_status_date)), iif(OLD.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(OLD.tracking_status_details)), iif(OLD.label_url IS NULL, '', ',"label_url":' || json_quote(OLD.label_url)), iif(OLD.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(OLD.label_file_format)), iif(OLD.label_files IS NULL, '', ',"label_files":' || json_quote(OLD.label_files)), iif(OLD.printed_label IS NULL, '', ',"printed_label":' || json_quote(OLD.printed_label)), iif(OLD.printed_label_at IS NULL, '', ',"printed_label_at":' || json_quote(OLD.printed_label_at)), iif(OLD.label_error IS NULL, '', ',"label_error":' || json_quote(OLD.label_error)), iif(OLD.label_refund IS NULL, '', ',"label_refund":' || json_quote(OLD.label_refund)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(OLD.commercial_invoice_url)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER fulfillment_items_event_created AFTER INSERT ON fulfillment_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'fulfillment_item.created', 'fulfillment-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(NEW.fulfillment_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.picked IS NULL, '', ',"picked":' || json_quote(NEW.picked)), iif(NEW.packed IS NULL, '', ',"packed":' || json_quote(NEW.packed)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(NEW.skip_inventory_change)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER fulfillment_items_event_updated AFTER UPDATE ON fulfillment_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.fulfillment_id IS NOT NEW.fulfillment_id OR OLD.sale_item_id IS NOT NEW.sale_item_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.external_id IS NOT NEW.external_id OR OLD.sku IS NOT NEW.sku OR OLD.quantity IS NOT NEW.quantity OR OLD.picked IS NOT NEW.picked OR OLD.packed IS NOT NEW.packed OR OLD.cost_price IS NOT NEW.cost_price OR OLD.skip_inventory_change IS NOT NEW.skip_inventory_change BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'fulfillment_item.updated', 'fulfillment-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(NEW.fulfillment_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.picked IS NULL, '', ',"picked":' || json_quote(NEW.picked)), iif(NEW.packed IS NULL, '', ',"packed":' || json_quote(NEW.packed)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(NEW.skip_inventory_change)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(OLD.fulfillment_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.picked IS NULL, '', ',"picked":' || json_quote(OLD.picked)), iif(OLD.packed IS NULL, '', ',"packed":' || json_quote(OLD.packed)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(OLD.skip_inventory_change)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER fulfillment_items_event_deleted AFTER DELETE ON fulfillment_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'fulfillment_item.deleted', 'fulfillment-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.fulfillment_id IS NULL, '', ',"fulfillment_id":' || json_quote(OLD.fulfillment_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.picked IS NULL, '', ',"picked":' || json_quote(OLD.picked)), iif(OLD.packed IS NULL, '', ',"packed":' || json_quote(OLD.packed)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(OLD.skip_inventory_change)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER goods_receipts_event_created AFTER INSERT ON goods_receipts BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'goods_receipt.created', 'goods-receipt', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.quote_id IS NULL, '', ',"quote_id":' || json_quote(NEW.quote_id)), iif(NEW.service_level IS NULL, '', ',"service_level":' || json_quote(NEW.service_level)), iif(NEW.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(NEW.service_level_terms)), iif(NEW.days IS NULL, '', ',"days":' || json_quote(NEW.days)), iif(NEW.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(NEW.duration_terms)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(NEW.tracking_status_date)), iif(NEW.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(NEW.tracking_status_details)), iif(NEW.label_url IS NULL, '', ',"label_url":' || json_quote(NEW.label_url)), iif(NEW.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(NEW.label_file_format)), iif(NEW.label_files IS NULL, '', ',"label_files":' || json_quote(NEW.label_files)), iif(NEW.label_error IS NULL, '', ',"label_error":' || json_quote(NEW.label_error)), iif(NEW.label_refund IS NULL, '', ',"label_refund":' || json_quote(NEW.label_refund)), iif(NEW.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(NEW.commercial_invoice_url)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER goods_receipts_event_updated AFTER UPDATE ON goods_receipts WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.reference IS NOT NEW.reference OR OLD.inventory_status IS NOT NEW.inventory_status OR OLD.user_id IS NOT NEW.user_id OR OLD.provider IS NOT NEW.provider OR OLD.quote_id IS NOT NEW.quote_id OR OLD.service_level IS NOT NEW.service_level OR OLD.service_level_terms IS NOT NEW.service_level_terms OR OLD.days IS NOT NEW.days OR OLD.duration_terms IS NOT NEW.duration_terms OR OLD.price IS NOT NEW.price OR OLD.grams IS NOT NEW.grams OR OLD.tracking_company IS NOT NEW.tracking_company OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.tracking_url IS NOT NEW.tracking_url OR OLD.tracking_status IS NOT NEW.tracking_status OR OLD.tracking_status_date IS NOT NEW.tracking_status_date OR OLD.tracking_status_details IS NOT NEW.tracking_status_details OR OLD.label_url IS NOT NEW.label_url OR OLD.label_file_format IS NOT NEW.label_file_format OR OLD.label_files IS NOT NEW.label_files OR OLD.label_error IS NOT NEW.label_error OR OLD.label_refund IS NOT NEW.label_refund OR OLD.commercial_invoice_url IS NOT NEW.commercial_invoice_url OR OLD.mute_error IS NOT NEW.mute_error OR OLD.files IS NOT NEW.files OR OLD.tags IS NOT NEW.tags OR OLD.admin_notes IS NOT NEW.admin_notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'goods_receipt.updated', 'goods-receipt', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.quote_id IS NULL, '', ',"quote_id":' || json_quote(NEW.quote_id)), iif(NEW.service_level IS NULL, '', ',"service_level":' || json_quote(NEW.service_level)), iif(NEW.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(NEW.service_level_terms)), iif(NEW.days IS NULL, '', ',"days":' || json_quote(NEW.days)), iif(NEW.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(NEW.duration_terms)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(NEW.tracking_status_date)), iif(NEW.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(NEW.tracking_status_details)), iif(NEW.label_url IS NULL, '', ',"label_url":' || json_quote(NEW.label_url)), iif(NEW.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(NEW.label_file_format)), iif(NEW.label_files IS NULL, '', ',"label_files":' || json_quote(NEW.label_files)), iif(NEW.label_error IS NULL, '', ',"label_error":' || json_quote(NEW.label_error)), iif(NEW.label_refund IS NULL, '', ',"label_refund":' || json_quote(NEW.label_refund)), iif(NEW.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(NEW.commercial_invoice_url)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.quote_id IS NULL, '', ',"quote_id":' || json_quote(OLD.quote_id)), iif(OLD.service_level IS NULL, '', ',"service_level":' || json_quote(OLD.service_level)), iif(OLD.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(OLD.service_level_terms)), iif(OLD.days IS NULL, '', ',"days":' || json_quote(OLD.days)), iif(OLD.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(OLD.duration_terms)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(OLD.tracking_status_date)), iif(OLD.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(OLD.tracking_status_details)), iif(OLD.label_url IS NULL, '', ',"label_url":' || json_quote(OLD.label_url)), iif(OLD.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(OLD.label_file_format)), iif(OLD.label_files IS NULL, '', ',"label_files":' || json_quote(OLD.label_files)), iif(OLD.label_error IS NULL, '', ',"label_error":' || json_quote(OLD.label_error)), iif(OLD.label_refund IS NULL, '', ',"label_refund":' || json_quote(OLD.label_refund)), iif(OLD.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(OLD.commercial_invoice_url)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER goods_receipts_event_deleted AFTER DELETE ON goods_receipts BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'goods_receipt.deleted', 'goods-receipt', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.quote_id IS NULL, '', ',"quote_id":' || json_quote(OLD.quote_id)), iif(OLD.service_level IS NULL, '', ',"service_level":' || json_quote(OLD.service_level)), iif(OLD.service_level_terms IS NULL, '', ',"service_level_terms":' || json_quote(OLD.service_level_terms)), iif(OLD.days IS NULL, '', ',"days":' || json_quote(OLD.days)), iif(OLD.duration_terms IS NULL, '', ',"duration_terms":' || json_quote(OLD.duration_terms)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.tracking_status_date IS NULL, '', ',"tracking_status_date":' || json_quote(OLD.tracking_status_date)), iif(OLD.tracking_status_details IS NULL, '', ',"tracking_status_details":' || json_quote(OLD.tracking_status_details)), iif(OLD.label_url IS NULL, '', ',"label_url":' || json_quote(OLD.label_url)), iif(OLD.label_file_format IS NULL, '', ',"label_file_format":' || json_quote(OLD.label_file_format)), iif(OLD.label_files IS NULL, '', ',"label_files":' || json_quote(OLD.label_files)), iif(OLD.label_error IS NULL, '', ',"label_error":' || json_quote(OLD.label_error)), iif(OLD.label_refund IS NULL, '', ',"label_refund":' || json_quote(OLD.label_refund)), iif(OLD.commercial_invoice_url IS NULL, '', ',"commercial_invoice_url":' || json_quote(OLD.commercial_invoice_url)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER goods_receipt_items_event_created AFTER INSERT ON goods_receipt_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'goods_receipt_item.created', 'goods-receipt-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.goods_receipt_id IS NULL, '', ',"goods_receipt_id":' || json_quote(NEW.goods_receipt_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(NEW.skip_inventory_change)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER goods_receipt_items_event_updated AFTER UPDATE ON goods_receipt_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.goods_receipt_id IS NOT NEW.goods_receipt_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.quantity IS NOT NEW.quantity OR OLD.skip_inventory_change IS NOT NEW.skip_inventory_change BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'goods_receipt_item.updated', 'goods-receipt-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.goods_receipt_id IS NULL, '', ',"goods_receipt_id":' || json_quote(NEW.goods_receipt_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(NEW.skip_inventory_change)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.goods_receipt_id IS NULL, '', ',"goods_receipt_id":' || json_quote(OLD.goods_receipt_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(OLD.skip_inventory_change)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER goods_receipt_items_event_deleted AFTER DELETE ON goods_receipt_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'goods_receipt_item.deleted', 'goods-receipt-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.goods_receipt_id IS NULL, '', ',"goods_receipt_id":' || json_quote(OLD.goods_receipt_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(OLD.skip_inventory_change)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER importers_event_created AFTER INSERT ON importers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'importer.created', 'importer', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.import_type IS NULL, '', ',"import_type":' || json_quote(NEW.import_type)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.delimiter IS NULL, '', ',"delimiter":' || json_quote(NEW.delimiter)), iif(NEW.has_header IS NULL, '', ',"has_header":' || json_quote(NEW.has_header)), iif(NEW.columns IS NULL, '', ',"columns":' || json_quote(NEW.columns)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER importers_event_updated AFTER UPDATE ON importers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.import_type IS NOT NEW.import_type OR OLD.format IS NOT NEW.format OR OLD.delimiter IS NOT NEW.delimiter OR OLD.has_header IS NOT NEW.has_header OR OLD.columns IS NOT NEW.columns OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.enabled IS NOT NEW.enabled OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'importer.updated', 'importer', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.import_type IS NULL, '', ',"import_type":' || json_quote(NEW.import_type)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.delimiter IS NULL, '', ',"delimiter":' || json_quote(NEW.delimiter)), iif(NEW.has_header IS NULL, '', ',"has_header":' || json_quote(NEW.has_header)), iif(NEW.columns IS NULL, '', ',"columns":' || json_quote(NEW.columns)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.import_type IS NULL, '', ',"import_type":' || json_quote(OLD.import_type)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.delimiter IS NULL, '', ',"delimiter":' || json_quote(OLD.delimiter)), iif(OLD.has_header IS NULL, '', ',"has_header":' || json_quote(OLD.has_header)), iif(OLD.columns IS NULL, '', ',"columns":' || json_quote(OLD.columns)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER importers_event_deleted AFTER DELETE ON importers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'importer.deleted', 'importer', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.import_type IS NULL, '', ',"import_type":' || json_quote(OLD.import_type)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.delimiter IS NULL, '', ',"delimiter":' || json_quote(OLD.delimiter)), iif(OLD.has_header IS NULL, '', ',"has_header":' || json_quote(OLD.has_header)), iif(OLD.columns IS NULL, '', ',"columns":' || json_quote(OLD.columns)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_export_fields_event_created AFTER INSERT ON inventory_export_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_export_field.created', 'inventory-export-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(NEW.inventory_export_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.header IS NULL, '', ',"header":' || json_quote(NEW.header)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_export_fields_event_updated AFTER UPDATE ON inventory_export_fields WHEN OLD.company_id IS NOT NEW.company_id OR OLD.inventory_export_id IS NOT NEW.inventory_export_id OR OLD.source IS NOT NEW.source OR OLD.header IS NOT NEW.header OR OLD.position IS NOT NEW.position BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_export_field.updated', 'inventory-export-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(NEW.inventory_export_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.header IS NULL, '', ',"header":' || json_quote(NEW.header)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(OLD.inventory_export_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.header IS NULL, '', ',"header":' || json_quote(OLD.header)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_export_fields_event_deleted AFTER DELETE ON inventory_export_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_export_field.deleted', 'inventory-export-field', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_export_id IS NULL, '', ',"inventory_export_id":' || json_quote(OLD.inventory_export_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.header IS NULL, '', ',"header":' || json_quote(OLD.header)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_channels_event_created AFTER INSERT ON inventory_feed_channels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_channel.created', 'inventory-feed-channel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.channel_price_list_id IS NULL, '', ',"channel_price_list_id":' || json_quote(NEW.channel_price_list_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.last_published_at IS NULL, '', ',"last_published_at":' || json_quote(NEW.last_published_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_channels_event_updated AFTER UPDATE ON inventory_feed_channels WHEN OLD.company_id IS NOT NEW.company_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.channel_price_list_id IS NOT NEW.channel_price_list_id OR OLD.enabled IS NOT NEW.enabled OR OLD.last_published_at IS NOT NEW.last_published_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_channel.updated', 'inventory-feed-channel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.channel_price_list_id IS NULL, '', ',"channel_price_list_id":' || json_quote(NEW.channel_price_list_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.last_published_at IS NULL, '', ',"last_published_at":' || json_quote(NEW.last_published_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.channel_price_list_id IS NULL, '', ',"channel_price_list_id":' || json_quote(OLD.channel_price_list_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.last_published_at IS NULL, '', ',"last_published_at":' || json_quote(OLD.last_published_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_channels_event_deleted AFTER DELETE ON inventory_feed_channels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed_channel.deleted', 'inventory-feed-channel', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.channel_price_list_id IS NULL, '', ',"channel_price_list_id":' || json_quote(OLD.channel_price_list_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.last_published_at IS NULL, '', ',"last_published_at":' || json_quote(OLD.last_published_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_fields_event_created AFTER INSERT ON inventory_feed_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_field.created', 'inventory-feed-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.column IS NULL, '', ',"column":' || json_quote(NEW.column)), iif(NEW.target IS NULL, '', ',"target":' || json_quote(NEW.target)), iif(NEW.default_value IS NULL, '', ',"default_value":' || json_quote(NEW.default_value)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_fields_event_updated AFTER UPDATE ON inventory_feed_fields WHEN OLD.company_id IS NOT NEW.company_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.column IS NOT NEW.column OR OLD.target IS NOT NEW.target OR OLD.default_value IS NOT NEW.default_value OR OLD.position IS NOT NEW.position BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_field.updated', 'inventory-feed-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.column IS NULL, '', ',"column":' || json_quote(NEW.column)), iif(NEW.target IS NULL, '', ',"target":' || json_quote(NEW.target)), iif(NEW.default_value IS NULL, '', ',"default_value":' || json_quote(NEW.default_value)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.column IS NULL, '', ',"column":' || json_quote(OLD.column)), iif(OLD.target IS NULL, '', ',"target":' || json_quote(OLD.target)), iif(OLD.default_value IS NULL, '', ',"default_value":' || json_quote(OLD.default_value)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_fields_event_deleted AFTER DELETE ON inventory_feed_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed_field.deleted', 'inventory-feed-field', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.column IS NULL, '', ',"column":' || json_quote(OLD.column)), iif(OLD.target IS NULL, '', ',"target":' || json_quote(OLD.target)), iif(OLD.default_value IS NULL, '', ',"default_value":' || json_quote(OLD.default_value)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_files_event_created AFTER INSERT ON inventory_feed_files BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_file.created', 'inventory-feed-file', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.file_name IS NULL, '', ',"file_name":' || json_quote(NEW.file_name)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.byte_size IS NULL, '', ',"byte_size":' || json_quote(NEW.byte_size)), iif(NEW.checksum IS NULL, '', ',"checksum":' || json_quote(NEW.checksum)), iif(NEW.row_count IS NULL, '', ',"row_count":' || json_quote(NEW.row_count)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.processed_at IS NULL, '', ',"processed_at":' || json_quote(NEW.processed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_files_event_updated AFTER UPDATE ON inventory_feed_files WHEN OLD.company_id IS NOT NEW.company_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.file_name IS NOT NEW.file_name OR OLD.content_type IS NOT NEW.content_type OR OLD.url IS NOT NEW.url OR OLD.byte_size IS NOT NEW.byte_size OR OLD.checksum IS NOT NEW.checksum OR OLD.row_count IS NOT NEW.row_count OR OLD.status IS NOT NEW.status OR OLD.error_message IS NOT NEW.error_message OR OLD.processed_at IS NOT NEW.processed_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_file.updated', 'inventory-feed-file', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.file_name IS NULL, '', ',"file_name":' || json_quote(NEW.file_name)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.byte_size IS NULL, '', ',"byte_size":' || json_quote(NEW.byte_size)), iif(NEW.checksum IS NULL, '', ',"checksum":' || json_quote(NEW.checksum)), iif(NEW.row_count IS NULL, '', ',"row_count":' || json_quote(NEW.row_count)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.processed_at IS NULL, '', ',"processed_at":' || json_quote(NEW.processed_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.file_name IS NULL, '', ',"file_name":' || json_quote(OLD.file_name)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.byte_size IS NULL, '', ',"byte_size":' || json_quote(OLD.byte_size)), iif(OLD.checksum IS NULL, '', ',"checksum":' || json_quote(OLD.checksum)), iif(OLD.row_count IS NULL, '', ',"row_count":' || json_quote(OLD.row_count)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.processed_at IS NULL, '', ',"processed_at":' || json_quote(OLD.processed_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_files_event_deleted AFTER DELETE ON inventory_feed_files BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed_file.deleted', 'inventory-feed-file', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.file_name IS NULL, '', ',"file_name":' || json_quote(OLD.file_name)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.byte_size IS NULL, '', ',"byte_size":' || json_quote(OLD.byte_size)), iif(OLD.checksum IS NULL, '', ',"checksum":' || json_quote(OLD.checksum)), iif(OLD.row_count IS NULL, '', ',"row_count":' || json_quote(OLD.row_count)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.processed_at IS NULL, '', ',"processed_at":' || json_quote(OLD.processed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_json_fields_event_created AFTER INSERT ON inventory_feed_json_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_json_field.created', 'inventory-feed-json-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.path IS NULL, '', ',"path":' || json_quote(NEW.path)), iif(NEW.target IS NULL, '', ',"target":' || json_quote(NEW.target)), iif(NEW.default_value IS NULL, '', ',"default_value":' || json_quote(NEW.default_value)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_json_fields_event_updated AFTER UPDATE ON inventory_feed_json_fields WHEN OLD.company_id IS NOT NEW.company_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.path IS NOT NEW.path OR OLD.target IS NOT NEW.target OR OLD.default_value IS NOT NEW.default_value OR OLD.position IS NOT NEW.position BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_json_field.updated', 'inventory-feed-json-field', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.path IS NULL, '', ',"path":' || json_quote(NEW.path)), iif(NEW.target IS NULL, '', ',"target":' || json_quote(NEW.target)), iif(NEW.default_value IS NULL, '', ',"default_value":' || json_quote(NEW.default_value)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.path IS NULL, '', ',"path":' || json_quote(OLD.path)), iif(OLD.target IS NULL, '', ',"target":' || json_quote(OLD.target)), iif(OLD.default_value IS NULL, '', ',"default_value":' || json_quote(OLD.default_value)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_json_fields_event_deleted AFTER DELETE ON inventory_feed_json_fields BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed_json_field.deleted', 'inventory-feed-json-field', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.path IS NULL, '', ',"path":' || json_quote(OLD.path)), iif(OLD.target IS NULL, '', ',"target":' || json_quote(OLD.target)), iif(OLD.default_value IS NULL, '', ',"default_value":' || json_quote(OLD.default_value)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_mappings_event_created AFTER INSERT ON inventory_feed_mappings BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_mapping.created', 'inventory-feed-mapping', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.field IS NULL, '', ',"field":' || json_quote(NEW.field)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.match_type IS NULL, '', ',"match_type":' || json_quote(NEW.match_type)), iif(NEW.transform_from IS NULL, '', ',"transform_from":' || json_quote(NEW.transform_from)), iif(NEW.transform_to IS NULL, '', ',"transform_to":' || json_quote(NEW.transform_to)), iif(NEW.transform_type IS NULL, '', ',"transform_type":' || json_quote(NEW.transform_type)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_mappings_event_updated AFTER UPDATE ON inventory_feed_mappings WHEN OLD.company_id IS NOT NEW.company_id OR OLD.field IS NOT NEW.field OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.match_type IS NOT NEW.match_type OR OLD.transform_from IS NOT NEW.transform_from OR OLD.transform_to IS NOT NEW.transform_to OR OLD.transform_type IS NOT NEW.transform_type BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_mapping.updated', 'inventory-feed-mapping', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.field IS NULL, '', ',"field":' || json_quote(NEW.field)), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.match_type IS NULL, '', ',"match_type":' || json_quote(NEW.match_type)), iif(NEW.transform_from IS NULL, '', ',"transform_from":' || json_quote(NEW.transform_from)), iif(NEW.transform_to IS NULL, '', ',"transform_to":' || json_quote(NEW.transform_to)), iif(NEW.transform_type IS NULL, '', ',"transform_type":' || json_quote(NEW.transform_type)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.field IS NULL, '', ',"field":' || json_quote(OLD.field)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.match_type IS NULL, '', ',"match_type":' || json_quote(OLD.match_type)), iif(OLD.transform_from IS NULL, '', ',"transform_from":' || json_quote(OLD.transform_from)), iif(OLD.transform_to IS NULL, '', ',"transform_to":' || json_quote(OLD.transform_to)), iif(OLD.transform_type IS NULL, '', ',"transform_type":' || json_quote(OLD.transform_type)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_mappings_event_deleted AFTER DELETE ON inventory_feed_mappings BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed_mapping.deleted', 'inventory-feed-mapping', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.field IS NULL, '', ',"field":' || json_quote(OLD.field)), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.match_type IS NULL, '', ',"match_type":' || json_quote(OLD.match_type)), iif(OLD.transform_from IS NULL, '', ',"transform_from":' || json_quote(OLD.transform_from)), iif(OLD.transform_to IS NULL, '', ',"transform_to":' || json_quote(OLD.transform_to)), iif(OLD.transform_type IS NULL, '', ',"transform_type":' || json_quote(OLD.transform_type)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_payloads_event_created AFTER INSERT ON inventory_feed_payloads BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_payload.created', 'inventory-feed-payload', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.item_count IS NULL, '', ',"item_count":' || json_quote(NEW.item_count)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), iif(NEW.processed_at IS NULL, '', ',"processed_at":' || json_quote(NEW.processed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_payloads_event_updated AFTER UPDATE ON inventory_feed_payloads WHEN OLD.company_id IS NOT NEW.company_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.content_type IS NOT NEW.content_type OR OLD.payload IS NOT NEW.payload OR OLD.item_count IS NOT NEW.item_count OR OLD.status IS NOT NEW.status OR OLD.error_message IS NOT NEW.error_message OR OLD.received_at IS NOT NEW.received_at OR OLD.processed_at IS NOT NEW.processed_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_payload.updated', 'inventory-feed-payload', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.content_type IS NULL, '', ',"content_type":' || json_quote(NEW.content_type)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.item_count IS NULL, '', ',"item_count":' || json_quote(NEW.item_count)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), iif(NEW.processed_at IS NULL, '', ',"processed_at":' || json_quote(NEW.processed_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.item_count IS NULL, '', ',"item_count":' || json_quote(OLD.item_count)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), iif(OLD.processed_at IS NULL, '', ',"processed_at":' || json_quote(OLD.processed_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_payloads_event_deleted AFTER DELETE ON inventory_feed_payloads BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed_payload.deleted', 'inventory-feed-payload', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.content_type IS NULL, '', ',"content_type":' || json_quote(OLD.content_type)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.item_count IS NULL, '', ',"item_count":' || json_quote(OLD.item_count)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), iif(OLD.processed_at IS NULL, '', ',"processed_at":' || json_quote(OLD.processed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_variants_event_created AFTER INSERT ON inventory_feed_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_variant.created', 'inventory-feed-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(NEW.external_group_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.barcode IS NULL, '', ',"barcode":' || json_quote(NEW.barcode)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.weight IS NULL, '', ',"weight":' || json_quote(NEW.weight)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.review_status IS NULL, '', ',"review_status":' || json_quote(NEW.review_status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.published_at IS NULL, '', ',"published_at":' || json_quote(NEW.published_at)), iif(NEW.pricing_override IS NULL, '', ',"pricing_override":' || json_quote(NEW.pricing_override)), iif(NEW.inventory_quantity_override IS NULL, '', ',"inventory_quantity_override":' || json_quote(NEW.inventory_quantity_override)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_variants_event_updated AFTER UPDATE ON inventory_feed_variants WHEN OLD.company_id IS NOT NEW.company_id OR OLD.inventory_feed_id IS NOT NEW.inventory_feed_id OR OLD.external_id IS NOT NEW.external_id OR OLD.external_group_id IS NOT NEW.external_group_id OR OLD.sku IS NOT NEW.sku OR OLD.barcode IS NOT NEW.barcode OR OLD.name IS NOT NEW.name OR OLD.price IS NOT NEW.price OR OLD.cost_price IS NOT NEW.cost_price OR OLD.quantity IS NOT NEW.quantity OR OLD.weight IS NOT NEW.weight OR OLD.variant_id IS NOT NEW.variant_id OR OLD.status IS NOT NEW.status OR OLD.review_status IS NOT NEW.review_status OR OLD.error_message IS NOT NEW.error_message OR OLD.published_at IS NOT NEW.published_at OR OLD.pricing_override IS NOT NEW.pricing_override OR OLD.inventory_quantity_override IS NOT NEW.inventory_quantity_override BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed_variant.updated', 'inventory-feed-variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(NEW.inventory_feed_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(NEW.external_group_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.barcode IS NULL, '', ',"barcode":' || json_quote(NEW.barcode)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.weight IS NULL, '', ',"weight":' || json_quote(NEW.weight)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.review_status IS NULL, '', ',"review_status":' || json_quote(NEW.review_status)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.published_at IS NULL, '', ',"published_at":' || json_quote(NEW.published_at)), iif(NEW.pricing_override IS NULL, '', ',"pricing_override":' || json_quote(NEW.pricing_override)), iif(NEW.inventory_quantity_override IS NULL, '', ',"inventory_quantity_override":' || json_quote(NEW.inventory_quantity_override)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(OLD.external_group_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.barcode IS NULL, '', ',"barcode":' || json_quote(OLD.barcode)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.weight IS NULL, '', ',"weight":' || json_quote(OLD.weight)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.review_status IS NULL, '', ',"review_status":' || json_quote(OLD.review_status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.published_at IS NULL, '', ',"published_at":' || json_quote(OLD.published_at)), iif(OLD.pricing_override IS NULL, '', ',"pricing_override":' || json_quote(OLD.pricing_override)), iif(OLD.inventory_quantity_override IS NULL, '', ',"inventory_quantity_override":' || json_quote(OLD.inventory_quantity_override)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feed_variants_event_deleted AFTER DELETE ON inventory_feed_variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed_variant.deleted', 'inventory-feed-variant', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.inventory_feed_id IS NULL, '', ',"inventory_feed_id":' || json_quote(OLD.inventory_feed_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.external_group_id IS NULL, '', ',"external_group_id":' || json_quote(OLD.external_group_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.barcode IS NULL, '', ',"barcode":' || json_quote(OLD.barcode)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.weight IS NULL, '', ',"weight":' || json_quote(OLD.weight)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.review_status IS NULL, '', ',"review_status":' || json_quote(OLD.review_status)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.published_at IS NULL, '', ',"published_at":' || json_quote(OLD.published_at)), iif(OLD.pricing_override IS NULL, '', ',"pricing_override":' || json_quote(OLD.pricing_override)), iif(OLD.inventory_quantity_override IS NULL, '', ',"inventory_quantity_override":' || json_quote(OLD.inventory_quantity_override)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER labels_event_created AFTER INSERT ON labels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'label.created', 'label', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.return_shipment_id IS NULL, '', ',"return_shipment_id":' || json_quote(NEW.return_shipment_id)), iif(NEW.direction IS NULL, '', ',"direction":' || json_quote(NEW.direction)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.version IS NULL, '', ',"version":' || json_quote(NEW.version)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER labels_event_updated AFTER UPDATE ON labels WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.dropshipment_id IS NOT NEW.dropshipment_id OR OLD.return_shipment_id IS NOT NEW.return_shipment_id OR OLD.direction IS NOT NEW.direction OR OLD.carrier IS NOT NEW.carrier OR OLD.service IS NOT NEW.service OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.provider IS NOT NEW.provider OR OLD.version IS NOT NEW.version OR OLD.format IS NOT NEW.format OR OLD.url IS NOT NEW.url BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'label.updated', 'label', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(NEW.dropshipment_id)), iif(NEW.return_shipment_id IS NULL, '', ',"return_shipment_id":' || json_quote(NEW.return_shipment_id)), iif(NEW.direction IS NULL, '', ',"direction":' || json_quote(NEW.direction)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.service IS NULL, '', ',"service":' || json_quote(NEW.service)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.provider IS NULL, '', ',"provider":' || json_quote(NEW.provider)), iif(NEW.version IS NULL, '', ',"version":' || json_quote(NEW.version)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.return_shipment_id IS NULL, '', ',"return_shipment_id":' || json_quote(OLD.return_shipment_id)), iif(OLD.direction IS NULL, '', ',"direction":' || json_quote(OLD.direction)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.version IS NULL, '', ',"version":' || json_quote(OLD.version)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER labels_event_deleted AFTER DELETE ON labels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'label.deleted', 'label', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropshipment_id IS NULL, '', ',"dropshipment_id":' || json_quote(OLD.dropshipment_id)), iif(OLD.return_shipment_id IS NULL, '', ',"return_shipment_id":' || json_quote(OLD.return_shipment_id)), iif(OLD.direction IS NULL, '', ',"direction":' || json_quote(OLD.direction)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.service IS NULL, '', ',"service":' || json_quote(OLD.service)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.provider IS NULL, '', ',"provider":' || json_quote(OLD.provider)), iif(OLD.version IS NULL, '', ',"version":' || json_quote(OLD.version)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER option_values_event_created AFTER INSERT ON option_values BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'option_value.created', 'option-value', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER option_values_event_updated AFTER UPDATE ON option_values WHEN OLD.company_id IS NOT NEW.company_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.name IS NOT NEW.name OR OLD.value IS NOT NEW.value OR OLD.position IS NOT NEW.position BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'option_value.updated', 'option-value', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.value IS NULL, '', ',"value":' || json_quote(NEW.value)), iif(NEW.position IS NULL, '', ',"position":' || json_quote(NEW.position)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER option_values_event_deleted AFTER DELETE ON option_values BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'option_value.deleted', 'option-value', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.value IS NULL, '', ',"value":' || json_quote(OLD.value)), iif(OLD.position IS NULL, '', ',"position":' || json_quote(OLD.position)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER payment_methods_event_created AFTER INSERT ON payment_methods BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'payment_method.created', 'payment-method', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.redirect_url IS NULL, '', ',"redirect_url":' || json_quote(NEW.redirect_url)), iif(NEW.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(NEW.show_in_vendor_portal)), iif(NEW.show_notes IS NULL, '', ',"show_notes":' || json_quote(NEW.show_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER payment_methods_event_updated AFTER UPDATE ON payment_methods WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.source IS NOT NEW.source OR OLD.redirect_url IS NOT NEW.redirect_url OR OLD.show_in_vendor_portal IS NOT NEW.show_in_vendor_portal OR OLD.show_notes IS NOT NEW.show_notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'payment_method.updated', 'payment-method', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.redirect_url IS NULL, '', ',"redirect_url":' || json_quote(NEW.redirect_url)), iif(NEW.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(NEW.show_in_vendor_portal)), iif(NEW.show_notes IS NULL, '', ',"show_notes":' || json_quote(NEW.show_notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.redirect_url IS NULL, '', ',"redirect_url":' || json_quote(OLD.redirect_url)), iif(OLD.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(OLD.show_in_vendor_portal)), iif(OLD.show_notes IS NULL, '', ',"show_notes":' || json_quote(OLD.show_notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER payment_methods_event_deleted AFTER DELETE ON payment_methods BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'payment_method.deleted', 'payment-method', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.redirect_url IS NULL, '', ',"redirect_url":' || json_quote(OLD.redirect_url)), iif(OLD.show_in_vendor_portal IS NULL, '', ',"show_in_vendor_portal":' || json_quote(OLD.show_in_vendor_portal)), iif(OLD.show_notes IS NULL, '', ',"show_notes":' || json_quote(OLD.show_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER products_event_created AFTER INSERT ON products BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'product.created', 'product', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.brand IS NULL, '', ',"brand":' || json_quote(NEW.brand)), iif(NEW.product_type IS NULL, '', ',"product_type":' || json_quote(NEW.product_type)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.option_names IS NULL, '', ',"option_names":' || json_quote(NEW.option_names)), iif(NEW.image_url IS NULL, '', ',"image_url":' || json_quote(NEW.image_url)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER products_event_updated AFTER UPDATE ON products WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.brand IS NOT NEW.brand OR OLD.product_type IS NOT NEW.product_type OR OLD.vendor_id IS NOT NEW.vendor_id OR OLD.external_id IS NOT NEW.external_id OR OLD.option_names IS NOT NEW.option_names OR OLD.image_url IS NOT NEW.image_url OR OLD.tags IS NOT NEW.tags OR OLD.status IS NOT NEW.status BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'product.updated', 'product', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.brand IS NULL, '', ',"brand":' || json_quote(NEW.brand)), iif(NEW.product_type IS NULL, '', ',"product_type":' || json_quote(NEW.product_type)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.option_names IS NULL, '', ',"option_names":' || json_quote(NEW.option_names)), iif(NEW.image_url IS NULL, '', ',"image_url":' || json_quote(NEW.image_url)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.brand IS NULL, '', ',"brand":' || json_quote(OLD.brand)), iif(OLD.product_type IS NULL, '', ',"product_type":' || json_quote(OLD.product_type)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.option_names IS NULL, '', ',"option_names":' || json_quote(OLD.option_names)), iif(OLD.image_url IS NULL, '', ',"image_url":' || json_quote(OLD.image_url)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER products_event_deleted AFTER DELETE ON products BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'product.deleted', 'product', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.brand IS NULL, '', ',"brand":' || json_quote(OLD.brand)), iif(OLD.product_type IS NULL, '', ',"product_type":' || json_quote(OLD.product_type)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.option_names IS NULL, '', ',"option_names":' || json_quote(OLD.option_names)), iif(OLD.image_url IS NULL, '', ',"image_url":' || json_quote(OLD.image_url)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchases_event_created AFTER INSERT ON purchases BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase.created', 'purchase', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.purchase_type IS NULL, '', ',"purchase_type":' || json_quote(NEW.purchase_type)), iif(NEW.is_dropship IS NULL, '', ',"is_dropship":' || json_quote(NEW.is_dropship)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.dropship_provider_address_id IS NULL, '', ',"dropship_provider_address_id":' || json_quote(NEW.dropship_provider_address_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(NEW.adjustment_reason_id)), iif(NEW.purchase_status_id IS NULL, '', ',"purchase_status_id":' || json_quote(NEW.purchase_status_id)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.customer_reference IS NULL, '', ',"customer_reference":' || json_quote(NEW.customer_reference)), iif(NEW.internal_reference IS NULL, '', ',"internal_reference":' || json_quote(NEW.internal_reference)), iif(NEW.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(NEW.purchase_import_external_id)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(NEW.invoice_status)), iif(NEW.payment_status IS NULL, '', ',"payment_status":' || json_quote(NEW.payment_status)), iif(NEW.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(NEW.cancellation_status)), iif(NEW.cancelled IS NULL, '', ',"cancelled":' || json_quote(NEW.cancelled)), iif(NEW.cancelled_at IS NULL, '', ',"cancelled_at":' || json_quote(NEW.cancelled_at)), iif(NEW.approved IS NULL, '', ',"approved":' || json_quote(NEW.approved)), iif(NEW.finalized IS NULL, '', ',"finalized":' || json_quote(NEW.finalized)), iif(NEW.locked IS NULL, '', ',"locked":' || json_quote(NEW.locked)), iif(NEW.order_splitting IS NULL, '', ',"order_splitting":' || json_quote(NEW.order_splitting)), iif(NEW.order_splitting_key IS NULL, '', ',"order_splitting_key":' || json_quote(NEW.order_splitting_key)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.subtotal IS NULL, '', ',"subtotal":' || json_quote(NEW.subtotal)), iif(NEW.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(NEW.shipping_price)), iif(NEW.discounts IS NULL, '', ',"discounts":' || json_quote(NEW.discounts)), iif(NEW.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(NEW.tax_amount)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.amount_owed IS NULL, '', ',"amount_owed":' || json_quote(NEW.amount_owed)), iif(NEW.amount_paid IS NULL, '', ',"amount_paid":' || json_quote(NEW.amount_paid)), iif(NEW.amount_outstanding IS NULL, '', ',"amount_outstanding":' || json_quote(NEW.amount_outstanding)), iif(NEW.combined_tax_rate IS NULL, '', ',"combined_tax_rate":' || json_quote(NEW.combined_tax_rate)), iif(NEW.city_tax_rate IS NULL, '', ',"city_tax_rate":' || json_quote(NEW.city_tax_rate)), iif(NEW.city_tax_location IS NULL, '', ',"city_tax_location":' || json_quote(NEW.city_tax_location)), iif(NEW.county_tax_rate IS NULL, '', ',"county_tax_rate":' || json_quote(NEW.county_tax_rate)), iif(NEW.county_tax_location IS NULL, '', ',"county_tax_location":' || json_quote(NEW.county_tax_location)), iif(NEW.district_tax_rate IS NULL, '', ',"district_tax_rate":' || json_quote(NEW.district_tax_rate)), iif(NEW.date_ordered IS NULL, '', ',"date_ordered":' || json_quote(NEW.date_ordered)), iif(NEW.delivery_expected_at IS NULL, '', ',"delivery_expected_at":' || json_quote(NEW.delivery_expected_at)), iif(NEW.payment_expected_at IS NULL, '', ',"payment_expected_at":' || json_quote(NEW.payment_expected_at)), iif(NEW.sent_at IS NULL, '', ',"sent_at":' || json_quote(NEW.sent_at)), iif(NEW.paid_at IS NULL, '', ',"paid_at":' || json_quote(NEW.paid_at)), iif(NEW.receiver_name IS NULL, '', ',"receiver_name":' || json_quote(NEW.receiver_name)), iif(NEW.receiver_company IS NULL, '', ',"receiver_company":' || json_quote(NEW.receiver_company)), iif(NEW.receiver_address_line_one IS NULL, '', ',"receiver_address_line_one":' || json_quote(NEW.receiver_address_line_one)), iif(NEW.receiver_address_line_two IS NULL, '', ',"receiver_address_line_two":' || json_quote(NEW.receiver_address_line_two)), iif(NEW.receiver_city IS NULL, '', ',"receiver_city":' || json_quote(NEW.receiver_city)), iif(NEW.receiver_state IS NULL, '', ',"receiver_state":' || json_quote(NEW.receiver_state)), iif(NEW.receiver_zip IS NULL, '', ',"receiver_zip":' || json_quote(NEW.receiver_zip)), iif(NEW.receiver_country IS NULL, '', ',"receiver_country":' || json_quote(NEW.receiver_country)), iif(NEW.receiver_phone IS NULL, '', ',"receiver_phone":' || json_quote(NEW.receiver_phone)), iif(NEW.receiver_email IS NULL, '', ',"receiver_email":' || json_quote(NEW.receiver_email)), iif(NEW.invalid_shipping_address IS NULL, '', ',"invalid_shipping_address":' || json_quote(NEW.invalid_shipping_address)), iif(NEW.billing_name IS NULL, '', ',"billing_name":' || json_quote(NEW.billing_name)), iif(NEW.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(NEW.billing_first_name)), iif(NEW.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(NEW.billing_last_name)), iif(NEW.billing_full_name IS NULL, '', ',"billing_full_name":' || json_quote(NEW.billing_full_name)), iif(NEW.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(NEW.billing_address_line_one)), iif(NEW.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(NEW.billing_address_line_two)), iif(NEW.billing_address_message IS NULL, '', ',"billing_address_message":' || json_quote(NEW.billing_address_message)), iif(NEW.billing_city IS NULL, '', ',"billing_city":' || json_quote(NEW.billing_city)), iif(NEW.billing_state IS NULL, '', ',"billing_state":' || json_quote(NEW.billing_state)), iif(NEW.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(NEW.billing_zip)), iif(NEW.billing_country IS NULL, '', ',"billing_country":' || json_quote(NEW.billing_country)), iif(NEW.invalid_billing_address IS NULL, '', ',"invalid_billing_address":' || json_quote(NEW.invalid_billing_address)), iif(NEW.last_dropshipment_reference IS NULL, '', ',"last_dropshipment_reference":' || json_quote(NEW.last_dropshipment_reference)), iif(NEW.last_goods_receipt_reference IS NULL, '', ',"last_goods_receipt_reference":' || json_quote(NEW.last_goods_receipt_reference)), iif(NEW.last_purchase_invoice_reference IS NULL, '', ',"last_purchase_invoice_reference":' || json_quote(NEW.last_purchase_invoice_reference)), iif(NEW.order_problem IS NULL, '', ',"order_problem":' || json_quote(NEW.order_problem)), iif(NEW.invoice_problem IS NULL, '', ',"invoice_problem":' || json_quote(NEW.invoice_problem)), iif(NEW.label_problem IS NULL, '', ',"label_problem":' || json_quote(NEW.label_problem)), iif(NEW.pause_problems IS NULL, '', ',"pause_problems":' || json_quote(NEW.pause_problems)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.dropship_notes IS NULL, '', ',"dropship_notes":' || json_quote(NEW.dropship_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchases_event_updated AFTER UPDATE ON purchases WHEN OLD.company_id IS NOT NEW.company_id OR OLD.status IS NOT NEW.status OR OLD.purchase_type IS NOT NEW.purchase_type OR OLD.is_dropship IS NOT NEW.is_dropship OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.dropship_provider_address_id IS NOT NEW.dropship_provider_address_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.adjustment_reason_id IS NOT NEW.adjustment_reason_id OR OLD.purchase_status_id IS NOT NEW.purchase_status_id OR OLD.price_list_id IS NOT NEW.price_list_id OR OLD.user_id IS NOT NEW.user_id OR OLD.reference IS NOT NEW.reference OR OLD.customer_reference IS NOT NEW.customer_reference OR OLD.internal_reference IS NOT NEW.internal_reference OR OLD.purchase_import_external_id IS NOT NEW.purchase_import_external_id OR OLD.inventory_status IS NOT NEW.inventory_status OR OLD.invoice_status IS NOT NEW.invoice_status OR OLD.payment_status IS NOT NEW.payment_status OR OLD.cancellation_status IS NOT NEW.cancellation_status OR OLD.cancelled IS NOT NEW.cancelled OR OLD.cancelled_at IS NOT NEW.cancelled_at OR OLD.approved IS NOT NEW.approved OR OLD.finalized IS NOT NEW.finalized OR OLD.locked IS NOT NEW.locked OR OLD.order_splitting IS NOT NEW.order_splitting OR OLD.order_splitting_key IS NOT NEW.order_splitting_key OR OLD.currency IS NOT NEW.currency OR OLD.quantity IS NOT NEW.quantity OR OLD.subtotal IS NOT NEW.subtotal OR OLD.shipping_price IS NOT NEW.shipping_price OR OLD.discounts IS NOT NEW.discounts OR OLD.tax_amount IS NOT NEW.tax_amount OR OLD.total IS NOT NEW.total OR OLD.amount_owed IS NOT NEW.amount_owed OR OLD.amount_paid IS NOT NEW.amount_paid OR OLD.amount_outstanding IS NOT NEW.amount_outstanding OR OLD.combined_tax_rate IS NOT NEW.combined_tax_rate OR OLD.city_tax_rate IS NOT NEW.city_tax_rate OR OLD.city_tax_location IS NOT NEW.city_tax_location OR OLD.county_tax_rate IS NOT NEW.county_tax_rate OR OLD.county_tax_location IS NOT NEW.county_tax_location OR OLD.district_tax_rate IS NOT NEW.district_tax_rate OR OLD.date_ordered IS NOT NEW.date_ordered OR OLD.delivery_expected_at IS NOT NEW.delivery_expected_at OR OLD.payment_expected_at IS NOT NEW.payment_expected_at OR OLD.sent_at IS NOT NEW.sent_at OR OLD.paid_at IS NOT NEW.paid_at OR OLD.receiver_name IS NOT NEW.receiver_name OR OLD.receiver_company IS NOT NEW.receiver_company OR OLD.receiver_address_line_one IS NOT NEW.receiver_address_line_one OR OLD.receiver_address_line_two IS NOT NEW.receiver_address_line_two OR OLD.receiver_city IS NOT NEW.receiver_city OR OLD.receiver_state IS NOT NEW.receiver_state OR OLD.receiver_zip IS NOT NEW.receiver_zip OR OLD.receiver_country IS NOT NEW.receiver_country OR OLD.receiver_phone IS NOT NEW.receiver_phone OR OLD.receiver_email IS NOT NEW.receiver_email OR OLD.invalid_shipping_address IS NOT NEW.invalid_shipping_address OR OLD.billing_name IS NOT NEW.billing_name OR OLD.billing_first_name IS NOT NEW.billing_first_name OR OLD.billing_last_name IS NOT NEW.billing_last_name OR OLD.billing_full_name IS NOT NEW.billing_full_name OR OLD.billing_address_line_one IS NOT NEW.billing_address_line_one OR OLD.billing_address_line_two IS NOT NEW.billing_address_line_two OR OLD.billing_address_message IS NOT NEW.billing_address_message OR OLD.billing_city IS NOT NEW.billing_city OR OLD.billing_state IS NOT NEW.billing_state OR OLD.billing_zip IS NOT NEW.billing_zip OR OLD.billing_country IS NOT NEW.billing_country OR OLD.invalid_billing_address IS NOT NEW.invalid_billing_address OR OLD.last_dropshipment_reference IS NOT NEW.last_dropshipment_reference OR OLD.last_goods_receipt_reference IS NOT NEW.last_goods_receipt_reference OR OLD.last_purchase_invoice_reference IS NOT NEW.last_purchase_invoice_reference OR OLD.order_problem IS NOT NEW.order_problem OR OLD.invoice_problem IS NOT NEW.invoice_problem OR OLD.label_problem IS NOT NEW.label_problem OR OLD.pause_problems IS NOT NEW.pause_problems OR OLD.mute_error IS NOT NEW.mute_error OR OLD.files IS NOT NEW.files OR OLD.tags IS NOT NEW.tags OR OLD.notes IS NOT NEW.notes OR OLD.admin_notes IS NOT NEW.admin_notes OR OLD.dropship_notes IS NOT NEW.dropship_notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase.updated', 'purchase', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.purchase_type IS NULL, '', ',"purchase_type":' || json_quote(NEW.purchase_type)), iif(NEW.is_dropship IS NULL, '', ',"is_dropship":' || json_quote(NEW.is_dropship)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.dropship_provider_address_id IS NULL, '', ',"dropship_provider_address_id":' || json_quote(NEW.dropship_provider_address_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(NEW.adjustment_reason_id)), iif(NEW.purchase_status_id IS NULL, '', ',"purchase_status_id":' || json_quote(NEW.purchase_status_id)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.user_id IS NULL, '', ',"user_id":' || json_quote(NEW.user_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.customer_reference IS NULL, '', ',"customer_reference":' || json_quote(NEW.customer_reference)), iif(NEW.internal_reference IS NULL, '', ',"internal_reference":' || json_quote(NEW.internal_reference)), iif(NEW.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(NEW.purchase_import_external_id)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(NEW.invoice_status)), iif(NEW.payment_status IS NULL, '', ',"payment_status":' || json_quote(NEW.payment_status)), iif(NEW.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(NEW.cancellation_status)), iif(NEW.cancelled IS NULL, '', ',"cancelled":' || json_quote(NEW.cancelled)), iif(NEW.cancelled_at IS NULL, '', ',"cancelled_at":' || json_quote(NEW.cancelled_at)), iif(NEW.approved IS NULL, '', ',"approved":' || json_quote(NEW.approved)), iif(NEW.finalized IS NULL, '', ',"finalized":' || json_quote(NEW.finalized)), iif(NEW.locked IS NULL, '', ',"locked":' || json_quote(NEW.locked)), iif(NEW.order_splitting IS NULL, '', ',"order_splitting":' || json_quote(NEW.order_splitting)), iif(NEW.order_splitting_key IS NULL, '', ',"order_splitting_key":' || json_quote(NEW.order_splitting_key)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.subtotal IS NULL, '', ',"subtotal":' || json_quote(NEW.subtotal)), iif(NEW.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(NEW.shipping_price)), iif(NEW.discounts IS NULL, '', ',"discounts":' || json_quote(NEW.discounts)), iif(NEW.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(NEW.tax_amount)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.amount_owed IS NULL, '', ',"amount_owed":' || json_quote(NEW.amount_owed)), iif(NEW.amount_paid IS NULL, '', ',"amount_paid":' || json_quote(NEW.amount_paid)), iif(NEW.amount_outstanding IS NULL, '', ',"amount_outstanding":' || json_quote(NEW.amount_outstanding)), iif(NEW.combined_tax_rate IS NULL, '', ',"combined_tax_rate":' || json_quote(NEW.combined_tax_rate)), iif(NEW.city_tax_rate IS NULL, '', ',"city_tax_rate":' || json_quote(NEW.city_tax_rate)), iif(NEW.city_tax_location IS NULL, '', ',"city_tax_location":' || json_quote(NEW.city_tax_location)), iif(NEW.county_tax_rate IS NULL, '', ',"county_tax_rate":' || json_quote(NEW.county_tax_rate)), iif(NEW.county_tax_location IS NULL, '', ',"county_tax_location":' || json_quote(NEW.county_tax_location)), iif(NEW.district_tax_rate IS NULL, '', ',"district_tax_rate":' || json_quote(NEW.district_tax_rate)), iif(NEW.date_ordered IS NULL, '', ',"date_ordered":' || json_quote(NEW.date_ordered)), iif(NEW.delivery_expected_at IS NULL, '', ',"delivery_expected_at":' || json_quote(NEW.delivery_expected_at)), iif(NEW.payment_expected_at IS NULL, '', ',"payment_expected_at":' || json_quote(NEW.payment_expected_at)), iif(NEW.sent_at IS NULL, '', ',"sent_at":' || json_quote(NEW.sent_at)), iif(NEW.paid_at IS NULL, '', ',"paid_at":' || json_quote(NEW.paid_at)), iif(NEW.receiver_name IS NULL, '', ',"receiver_name":' || json_quote(NEW.receiver_name)), iif(NEW.receiver_company IS NULL, '', ',"receiver_company":' || json_quote(NEW.receiver_company)), iif(NEW.receiver_address_line_one IS NULL, '', ',"receiver_address_line_one":' || json_quote(NEW.receiver_address_line_one)), iif(NEW.receiver_address_line_two IS NULL, '', ',"receiver_address_line_two":' || json_quote(NEW.receiver_address_line_two)), iif(NEW.receiver_city IS NULL, '', ',"receiver_city":' || json_quote(NEW.receiver_city)), iif(NEW.receiver_state IS NULL, '', ',"receiver_state":' || json_quote(NEW.receiver_state)), iif(NEW.receiver_zip IS NULL, '', ',"receiver_zip":' || json_quote(NEW.receiver_zip)), iif(NEW.receiver_country IS NULL, '', ',"receiver_country":' || json_quote(NEW.receiver_country)), iif(NEW.receiver_phone IS NULL, '', ',"receiver_phone":' || json_quote(NEW.receiver_phone)), iif(NEW.receiver_email IS NULL, '', ',"receiver_email":' || json_quote(NEW.receiver_email)), iif(NEW.invalid_shipping_address IS NULL, '', ',"invalid_shipping_address":' || json_quote(NEW.invalid_shipping_address)), iif(NEW.billing_name IS NULL, '', ',"billing_name":' || json_quote(NEW.billing_name)), iif(NEW.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(NEW.billing_first_name)), iif(NEW.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(NEW.billing_last_name)), iif(NEW.billing_full_name IS NULL, '', ',"billing_full_name":' || json_quote(NEW.billing_full_name)), iif(NEW.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(NEW.billing_address_line_one)), iif(NEW.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(NEW.billing_address_line_two)), iif(NEW.billing_address_message IS NULL, '', ',"billing_address_message":' || json_quote(NEW.billing_address_message)), iif(NEW.billing_city IS NULL, '', ',"billing_city":' || json_quote(NEW.billing_city)), iif(NEW.billing_state IS NULL, '', ',"billing_state":' || json_quote(NEW.billing_state)), iif(NEW.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(NEW.billing_zip)), iif(NEW.billing_country IS NULL, '', ',"billing_country":' || json_quote(NEW.billing_country)), iif(NEW.invalid_billing_address IS NULL, '', ',"invalid_billing_address":' || json_quote(NEW.invalid_billing_address)), iif(NEW.last_dropshipment_reference IS NULL, '', ',"last_dropshipment_reference":' || json_quote(NEW.last_dropshipment_reference)), iif(NEW.last_goods_receipt_reference IS NULL, '', ',"last_goods_receipt_reference":' || json_quote(NEW.last_goods_receipt_reference)), iif(NEW.last_purchase_invoice_reference IS NULL, '', ',"last_purchase_invoice_reference":' || json_quote(NEW.last_purchase_invoice_reference)), iif(NEW.order_problem IS NULL, '', ',"order_problem":' || json_quote(NEW.order_problem)), iif(NEW.invoice_problem IS NULL, '', ',"invoice_problem":' || json_quote(NEW.invoice_problem)), iif(NEW.label_problem IS NULL, '', ',"label_problem":' || json_quote(NEW.label_problem)), iif(NEW.pause_problems IS NULL, '', ',"pause_problems":' || json_quote(NEW.pause_problems)), iif(NEW.mute_error IS NULL, '', ',"mute_error":' || json_quote(NEW.mute_error)), iif(NEW.files IS NULL, '', ',"files":' || json_quote(NEW.files)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.dropship_notes IS NULL, '', ',"dropship_notes":' || json_quote(NEW.dropship_notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.purchase_type IS NULL, '', ',"purchase_type":' || json_quote(OLD.purchase_type)), iif(OLD.is_dropship IS NULL, '', ',"is_dropship":' || json_quote(OLD.is_dropship)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.dropship_provider_address_id IS NULL, '', ',"dropship_provider_address_id":' || json_quote(OLD.dropship_provider_address_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(OLD.adjustment_reason_id)), iif(OLD.purchase_status_id IS NULL, '', ',"purchase_status_id":' || json_quote(OLD.purchase_status_id)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.customer_reference IS NULL, '', ',"customer_reference":' || json_quote(OLD.customer_reference)), iif(OLD.internal_reference IS NULL, '', ',"internal_reference":' || json_quote(OLD.internal_reference)), iif(OLD.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(OLD.purchase_import_external_id)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(OLD.invoice_status)), iif(OLD.payment_status IS NULL, '', ',"payment_status":' || json_quote(OLD.payment_status)), iif(OLD.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(OLD.cancellation_status)), iif(OLD.cancelled IS NULL, '', ',"cancelled":' || json_quote(OLD.cancelled)), iif(OLD.cancelled_at IS NULL, '', ',"cancelled_at":' || json_quote(OLD.cancelled_at)), iif(OLD.approved IS NULL, '', ',"approved":' || json_quote(OLD.approved)), iif(OLD.finalized IS NULL, '', ',"finalized":' || json_quote(OLD.finalized)), iif(OLD.locked IS NULL, '', ',"locked":' || json_quote(OLD.locked)), iif(OLD.order_splitting IS NULL, '', ',"order_splitting":' || json_quote(OLD.order_splitting)), iif(OLD.order_splitting_key IS NULL, '', ',"order_splitting_key":' || json_quote(OLD.order_splitting_key)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.subtotal IS NULL, '', ',"subtotal":' || json_quote(OLD.subtotal)), iif(OLD.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(OLD.shipping_price)), iif(OLD.discounts IS NULL, '', ',"discounts":' || json_quote(OLD.discounts)), iif(OLD.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(OLD.tax_amount)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.amount_owed IS NULL, '', ',"amount_owed":' || json_quote(OLD.amount_owed)), iif(OLD.amount_paid IS NULL, '', ',"amount_paid":' || json_quote(OLD.amount_paid)), iif(OLD.amount_outstanding IS NULL, '', ',"amount_outstanding":' || json_quote(OLD.amount_outstanding)), iif(OLD.combined_tax_rate IS NULL, '', ',"combined_tax_rate":' || json_quote(OLD.combined_tax_rate)), iif(OLD.city_tax_rate IS NULL, '', ',"city_tax_rate":' || json_quote(OLD.city_tax_rate)), iif(OLD.city_tax_location IS NULL, '', ',"city_tax_location":' || json_quote(OLD.city_tax_location)), iif(OLD.county_tax_rate IS NULL, '', ',"county_tax_rate":' || json_quote(OLD.county_tax_rate)), iif(OLD.county_tax_location IS NULL, '', ',"county_tax_location":' || json_quote(OLD.county_tax_location)), iif(OLD.district_tax_rate IS NULL, '', ',"district_tax_rate":' || json_quote(OLD.district_tax_rate)), iif(OLD.date_ordered IS NULL, '', ',"date_ordered":' || json_quote(OLD.date_ordered)), iif(OLD.delivery_expected_at IS NULL, '', ',"delivery_expected_at":' || json_quote(OLD.delivery_expected_at)), iif(OLD.payment_expected_at IS NULL, '', ',"payment_expected_at":' || json_quote(OLD.payment_expected_at)), iif(OLD.sent_at IS NULL, '', ',"sent_at":' || json_quote(OLD.sent_at)), iif(OLD.paid_at IS NULL, '', ',"paid_at":' || json_quote(OLD.paid_at)), iif(OLD.receiver_name IS NULL, '', ',"receiver_name":' || json_quote(OLD.receiver_name)), iif(OLD.receiver_company IS NULL, '', ',"receiver_company":' || json_quote(OLD.receiver_company)), iif(OLD.receiver_address_line_one IS NULL, '', ',"receiver_address_line_one":' || json_quote(OLD.receiver_address_line_one)), iif(OLD.receiver_address_line_two IS NULL, '', ',"receiver_address_line_two":' || json_quote(OLD.receiver_address_line_two)), iif(OLD.receiver_city IS NULL, '', ',"receiver_city":' || json_quote(OLD.receiver_city)), iif(OLD.receiver_state IS NULL, '', ',"receiver_state":' || json_quote(OLD.receiver_state)), iif(OLD.receiver_zip IS NULL, '', ',"receiver_zip":' || json_quote(OLD.receiver_zip)), iif(OLD.receiver_country IS NULL, '', ',"receiver_country":' || json_quote(OLD.receiver_country)), iif(OLD.receiver_phone IS NULL, '', ',"receiver_phone":' || json_quote(OLD.receiver_phone)), iif(OLD.receiver_email IS NULL, '', ',"receiver_email":' || json_quote(OLD.receiver_email)), iif(OLD.invalid_shipping_address IS NULL, '', ',"invalid_shipping_address":' || json_quote(OLD.invalid_shipping_address)), iif(OLD.billing_name IS NULL, '', ',"billing_name":' || json_quote(OLD.billing_name)), iif(OLD.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(OLD.billing_first_name)), iif(OLD.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(OLD.billing_last_name)), iif(OLD.billing_full_name IS NULL, '', ',"billing_full_name":' || json_quote(OLD.billing_full_name)), iif(OLD.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(OLD.billing_address_line_one)), iif(OLD.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(OLD.billing_address_line_two)), iif(OLD.billing_address_message IS NULL, '', ',"billing_address_message":' || json_quote(OLD.billing_address_message)), iif(OLD.billing_city IS NULL, '', ',"billing_city":' || json_quote(OLD.billing_city)), iif(OLD.billing_state IS NULL, '', ',"billing_state":' || json_quote(OLD.billing_state)), iif(OLD.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(OLD.billing_zip)), iif(OLD.billing_country IS NULL, '', ',"billing_country":' || json_quote(OLD.billing_country)), iif(OLD.invalid_billing_address IS NULL, '', ',"invalid_billing_address":' || json_quote(OLD.invalid_billing_address)), iif(OLD.last_dropshipment_reference IS NULL, '', ',"last_dropshipment_reference":' || json_quote(OLD.last_dropshipment_reference)), iif(OLD.last_goods_receipt_reference IS NULL, '', ',"last_goods_receipt_reference":' || json_quote(OLD.last_goods_receipt_reference)), iif(OLD.last_purchase_invoice_reference IS NULL, '', ',"last_purchase_invoice_reference":' || json_quote(OLD.last_purchase_invoice_reference)), iif(OLD.order_problem IS NULL, '', ',"order_problem":' || json_quote(OLD.order_problem)), iif(OLD.invoice_problem IS NULL, '', ',"invoice_problem":' || json_quote(OLD.invoice_problem)), iif(OLD.label_problem IS NULL, '', ',"label_problem":' || json_quote(OLD.label_problem)), iif(OLD.pause_problems IS NULL, '', ',"pause_problems":' || json_quote(OLD.pause_problems)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.dropship_notes IS NULL, '', ',"dropship_notes":' || json_quote(OLD.dropship_notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchases_event_deleted AFTER DELETE ON purchases BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'purchase.deleted', 'purchase', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.purchase_type IS NULL, '', ',"purchase_type":' || json_quote(OLD.purchase_type)), iif(OLD.is_dropship IS NULL, '', ',"is_dropship":' || json_quote(OLD.is_dropship)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.dropship_provider_address_id IS NULL, '', ',"dropship_provider_address_id":' || json_quote(OLD.dropship_provider_address_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.adjustment_reason_id IS NULL, '', ',"adjustment_reason_id":' || json_quote(OLD.adjustment_reason_id)), iif(OLD.purchase_status_id IS NULL, '', ',"purchase_status_id":' || json_quote(OLD.purchase_status_id)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.user_id IS NULL, '', ',"user_id":' || json_quote(OLD.user_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.customer_reference IS NULL, '', ',"customer_reference":' || json_quote(OLD.customer_reference)), iif(OLD.internal_reference IS NULL, '', ',"internal_reference":' || json_quote(OLD.internal_reference)), iif(OLD.purchase_import_external_id IS NULL, '', ',"purchase_import_external_id":' || json_quote(OLD.purchase_import_external_id)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(OLD.invoice_status)), iif(OLD.payment_status IS NULL, '', ',"payment_status":' || json_quote(OLD.payment_status)), iif(OLD.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(OLD.cancellation_status)), iif(OLD.cancelled IS NULL, '', ',"cancelled":' || json_quote(OLD.cancelled)), iif(OLD.cancelled_at IS NULL, '', ',"cancelled_at":' || json_quote(OLD.cancelled_at)), iif(OLD.approved IS NULL, '', ',"approved":' || json_quote(OLD.approved)), iif(OLD.finalized IS NULL, '', ',"finalized":' || json_quote(OLD.finalized)), iif(OLD.locked IS NULL, '', ',"locked":' || json_quote(OLD.locked)), iif(OLD.order_splitting IS NULL, '', ',"order_splitting":' || json_quote(OLD.order_splitting)), iif(OLD.order_splitting_key IS NULL, '', ',"order_splitting_key":' || json_quote(OLD.order_splitting_key)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.subtotal IS NULL, '', ',"subtotal":' || json_quote(OLD.subtotal)), iif(OLD.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(OLD.shipping_price)), iif(OLD.discounts IS NULL, '', ',"discounts":' || json_quote(OLD.discounts)), iif(OLD.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(OLD.tax_amount)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.amount_owed IS NULL, '', ',"amount_owed":' || json_quote(OLD.amount_owed)), iif(OLD.amount_paid IS NULL, '', ',"amount_paid":' || json_quote(OLD.amount_paid)), iif(OLD.amount_outstanding IS NULL, '', ',"amount_outstanding":' || json_quote(OLD.amount_outstanding)), iif(OLD.combined_tax_rate IS NULL, '', ',"combined_tax_rate":' || json_quote(OLD.combined_tax_rate)), iif(OLD.city_tax_rate IS NULL, '', ',"city_tax_rate":' || json_quote(OLD.city_tax_rate)), iif(OLD.city_tax_location IS NULL, '', ',"city_tax_location":' || json_quote(OLD.city_tax_location)), iif(OLD.county_tax_rate IS NULL, '', ',"county_tax_rate":' || json_quote(OLD.county_tax_rate)), iif(OLD.county_tax_location IS NULL, '', ',"county_tax_location":' || json_quote(OLD.county_tax_location)), iif(OLD.district_tax_rate IS NULL, '', ',"district_tax_rate":' || json_quote(OLD.district_tax_rate)), iif(OLD.date_ordered IS NULL, '', ',"date_ordered":' || json_quote(OLD.date_ordered)), iif(OLD.delivery_expected_at IS NULL, '', ',"delivery_expected_at":' || json_quote(OLD.delivery_expected_at)), iif(OLD.payment_expected_at IS NULL, '', ',"payment_expected_at":' || json_quote(OLD.payment_expected_at)), iif(OLD.sent_at IS NULL, '', ',"sent_at":' || json_quote(OLD.sent_at)), iif(OLD.paid_at IS NULL, '', ',"paid_at":' || json_quote(OLD.paid_at)), iif(OLD.receiver_name IS NULL, '', ',"receiver_name":' || json_quote(OLD.receiver_name)), iif(OLD.receiver_company IS NULL, '', ',"receiver_company":' || json_quote(OLD.receiver_company)), iif(OLD.receiver_address_line_one IS NULL, '', ',"receiver_address_line_one":' || json_quote(OLD.receiver_address_line_one)), iif(OLD.receiver_address_line_two IS NULL, '', ',"receiver_address_line_two":' || json_quote(OLD.receiver_address_line_two)), iif(OLD.receiver_city IS NULL, '', ',"receiver_city":' || json_quote(OLD.receiver_city)), iif(OLD.receiver_state IS NULL, '', ',"receiver_state":' || json_quote(OLD.receiver_state)), iif(OLD.receiver_zip IS NULL, '', ',"receiver_zip":' || json_quote(OLD.receiver_zip)), iif(OLD.receiver_country IS NULL, '', ',"receiver_country":' || json_quote(OLD.receiver_country)), iif(OLD.receiver_phone IS NULL, '', ',"receiver_phone":' || json_quote(OLD.receiver_phone)), iif(OLD.receiver_email IS NULL, '', ',"receiver_email":' || json_quote(OLD.receiver_email)), iif(OLD.invalid_shipping_address IS NULL, '', ',"invalid_shipping_address":' || json_quote(OLD.invalid_shipping_address)), iif(OLD.billing_name IS NULL, '', ',"billing_name":' || json_quote(OLD.billing_name)), iif(OLD.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(OLD.billing_first_name)), iif(OLD.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(OLD.billing_last_name)), iif(OLD.billing_full_name IS NULL, '', ',"billing_full_name":' || json_quote(OLD.billing_full_name)), iif(OLD.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(OLD.billing_address_line_one)), iif(OLD.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(OLD.billing_address_line_two)), iif(OLD.billing_address_message IS NULL, '', ',"billing_address_message":' || json_quote(OLD.billing_address_message)), iif(OLD.billing_city IS NULL, '', ',"billing_city":' || json_quote(OLD.billing_city)), iif(OLD.billing_state IS NULL, '', ',"billing_state":' || json_quote(OLD.billing_state)), iif(OLD.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(OLD.billing_zip)), iif(OLD.billing_country IS NULL, '', ',"billing_country":' || json_quote(OLD.billing_country)), iif(OLD.invalid_billing_address IS NULL, '', ',"invalid_billing_address":' || json_quote(OLD.invalid_billing_address)), iif(OLD.last_dropshipment_reference IS NULL, '', ',"last_dropshipment_reference":' || json_quote(OLD.last_dropshipment_reference)), iif(OLD.last_goods_receipt_reference IS NULL, '', ',"last_goods_receipt_reference":' || json_quote(OLD.last_goods_receipt_reference)), iif(OLD.last_purchase_invoice_reference IS NULL, '', ',"last_purchase_invoice_reference":' || json_quote(OLD.last_purchase_invoice_reference)), iif(OLD.order_problem IS NULL, '', ',"order_problem":' || json_quote(OLD.order_problem)), iif(OLD.invoice_problem IS NULL, '', ',"invoice_problem":' || json_quote(OLD.invoice_problem)), iif(OLD.label_problem IS NULL, '', ',"label_problem":' || json_quote(OLD.label_problem)), iif(OLD.pause_problems IS NULL, '', ',"pause_problems":' || json_quote(OLD.pause_problems)), iif(OLD.mute_error IS NULL, '', ',"mute_error":' || json_quote(OLD.mute_error)), iif(OLD.files IS NULL, '', ',"files":' || json_quote(OLD.files)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.dropship_notes IS NULL, '', ',"dropship_notes":' || json_quote(OLD.dropship_notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_invoices_event_created AFTER INSERT ON purchase_invoices BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_invoice.created', 'purchase-invoice', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.invoiced_at IS NULL, '', ',"invoiced_at":' || json_quote(NEW.invoiced_at)), iif(NEW.due_at IS NULL, '', ',"due_at":' || json_quote(NEW.due_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_invoices_event_updated AFTER UPDATE ON purchase_invoices WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.reference IS NOT NEW.reference OR OLD.status IS NOT NEW.status OR OLD.amount IS NOT NEW.amount OR OLD.invoiced_at IS NOT NEW.invoiced_at OR OLD.due_at IS NOT NEW.due_at OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_invoice.updated', 'purchase-invoice', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.invoiced_at IS NULL, '', ',"invoiced_at":' || json_quote(NEW.invoiced_at)), iif(NEW.due_at IS NULL, '', ',"due_at":' || json_quote(NEW.due_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.invoiced_at IS NULL, '', ',"invoiced_at":' || json_quote(OLD.invoiced_at)), iif(OLD.due_at IS NULL, '', ',"due_at":' || json_quote(OLD.due_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_invoices_event_deleted AFTER DELETE ON purchase_invoices BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'purchase_invoice.deleted', 'purchase-invoice', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.invoiced_at IS NULL, '', ',"invoiced_at":' || json_quote(OLD.invoiced_at)), iif(OLD.due_at IS NULL, '', ',"due_at":' || json_quote(OLD.due_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_invoice_payments_event_created AFTER INSERT ON purchase_invoice_payments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_invoice_payment.created', 'purchase-invoice-payment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.purchase_invoice_id IS NULL, '', ',"purchase_invoice_id":' || json_quote(NEW.purchase_invoice_id)), iif(NEW.transfer_id IS NULL, '', ',"transfer_id":' || json_quote(NEW.transfer_id)), iif(NEW.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(NEW.payment_method_id)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(NEW.exchange_rate)), iif(NEW.totals IS NULL, '', ',"totals":' || json_quote(NEW.totals)), iif(NEW.paid_at IS NULL, '', ',"paid_at":' || json_quote(NEW.paid_at)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_invoice_payments_event_updated AFTER UPDATE ON purchase_invoice_payments WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.purchase_invoice_id IS NOT NEW.purchase_invoice_id OR OLD.transfer_id IS NOT NEW.transfer_id OR OLD.payment_method_id IS NOT NEW.payment_method_id OR OLD.type IS NOT NEW.type OR OLD.status IS NOT NEW.status OR OLD.amount IS NOT NEW.amount OR OLD.exchange_rate IS NOT NEW.exchange_rate OR OLD.totals IS NOT NEW.totals OR OLD.paid_at IS NOT NEW.paid_at OR OLD.reference IS NOT NEW.reference OR OLD.external_id IS NOT NEW.external_id BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_invoice_payment.updated', 'purchase-invoice-payment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.purchase_invoice_id IS NULL, '', ',"purchase_invoice_id":' || json_quote(NEW.purchase_invoice_id)), iif(NEW.transfer_id IS NULL, '', ',"transfer_id":' || json_quote(NEW.transfer_id)), iif(NEW.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(NEW.payment_method_id)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(NEW.exchange_rate)), iif(NEW.totals IS NULL, '', ',"totals":' || json_quote(NEW.totals)), iif(NEW.paid_at IS NULL, '', ',"paid_at":' || json_quote(NEW.paid_at)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.purchase_invoice_id IS NULL, '', ',"purchase_invoice_id":' || json_quote(OLD.purchase_invoice_id)), iif(OLD.transfer_id IS NULL, '', ',"transfer_id":' || json_quote(OLD.transfer_id)), iif(OLD.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(OLD.payment_method_id)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(OLD.exchange_rate)), iif(OLD.totals IS NULL, '', ',"totals":' || json_quote(OLD.totals)), iif(OLD.paid_at IS NULL, '', ',"paid_at":' || json_quote(OLD.paid_at)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_invoice_payments_event_deleted AFTER DELETE ON purchase_invoice_payments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'purchase_invoice_payment.deleted', 'purchase-invoice-payment', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.purchase_invoice_id IS NULL, '', ',"purchase_invoice_id":' || json_quote(OLD.purchase_invoice_id)), iif(OLD.transfer_id IS NULL, '', ',"transfer_id":' || json_quote(OLD.transfer_id)), iif(OLD.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(OLD.payment_method_id)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.exchange_rate IS NULL, '', ',"exchange_rate":' || json_quote(OLD.exchange_rate)), iif(OLD.totals IS NULL, '', ',"totals":' || json_quote(OLD.totals)), iif(OLD.paid_at IS NULL, '', ',"paid_at":' || json_quote(OLD.paid_at)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_items_event_created AFTER INSERT ON purchase_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_item.created', 'purchase-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.quantity_shipped IS NULL, '', ',"quantity_shipped":' || json_quote(NEW.quantity_shipped)), iif(NEW.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(NEW.quantity_cancelled)), iif(NEW.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(NEW.quantity_returned)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(NEW.invoice_status)), iif(NEW.return_status IS NULL, '', ',"return_status":' || json_quote(NEW.return_status)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_items_event_updated AFTER UPDATE ON purchase_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.sale_item_id IS NOT NEW.sale_item_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.external_id IS NOT NEW.external_id OR OLD.sku IS NOT NEW.sku OR OLD.name IS NOT NEW.name OR OLD.quantity IS NOT NEW.quantity OR OLD.price IS NOT NEW.price OR OLD.total IS NOT NEW.total OR OLD.quantity_shipped IS NOT NEW.quantity_shipped OR OLD.quantity_cancelled IS NOT NEW.quantity_cancelled OR OLD.quantity_returned IS NOT NEW.quantity_returned OR OLD.inventory_status IS NOT NEW.inventory_status OR OLD.invoice_status IS NOT NEW.invoice_status OR OLD.return_status IS NOT NEW.return_status BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_item.updated', 'purchase-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.quantity_shipped IS NULL, '', ',"quantity_shipped":' || json_quote(NEW.quantity_shipped)), iif(NEW.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(NEW.quantity_cancelled)), iif(NEW.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(NEW.quantity_returned)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(NEW.invoice_status)), iif(NEW.return_status IS NULL, '', ',"return_status":' || json_quote(NEW.return_status)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.quantity_shipped IS NULL, '', ',"quantity_shipped":' || json_quote(OLD.quantity_shipped)), iif(OLD.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(OLD.quantity_cancelled)), iif(OLD.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(OLD.quantity_returned)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(OLD.invoice_status)), iif(OLD.return_status IS NULL, '', ',"return_status":' || json_quote(OLD.return_status)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_items_event_deleted AFTER DELETE ON purchase_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'purchase_item.deleted', 'purchase-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.quantity_shipped IS NULL, '', ',"quantity_shipped":' || json_quote(OLD.quantity_shipped)), iif(OLD.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(OLD.quantity_cancelled)), iif(OLD.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(OLD.quantity_returned)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(OLD.invoice_status)), iif(OLD.return_status IS NULL, '', ',"return_status":' || json_quote(OLD.return_status)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_notifications_event_created AFTER INSERT ON purchase_notifications BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_notification.created', 'purchase-notification', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.recipient IS NULL, '', ',"recipient":' || json_quote(NEW.recipient)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.opened_at IS NULL, '', ',"opened_at":' || json_quote(NEW.opened_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_notifications_event_updated AFTER UPDATE ON purchase_notifications WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.format IS NOT NEW.format OR OLD.status IS NOT NEW.status OR OLD.recipient IS NOT NEW.recipient OR OLD.message IS NOT NEW.message OR OLD.payload IS NOT NEW.payload OR OLD.opened_at IS NOT NEW.opened_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_notification.updated', 'purchase-notification', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.recipient IS NULL, '', ',"recipient":' || json_quote(NEW.recipient)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.opened_at IS NULL, '', ',"opened_at":' || json_quote(NEW.opened_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.recipient IS NULL, '', ',"recipient":' || json_quote(OLD.recipient)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.opened_at IS NULL, '', ',"opened_at":' || json_quote(OLD.opened_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_notifications_event_deleted AFTER DELETE ON purchase_notifications BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'purchase_notification.deleted', 'purchase-notification', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.recipient IS NULL, '', ',"recipient":' || json_quote(OLD.recipient)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.opened_at IS NULL, '', ',"opened_at":' || json_quote(OLD.opened_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_returns_event_created AFTER INSERT ON purchase_returns BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_return.created', 'purchase-return', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(NEW.shipped_at)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_returns_event_updated AFTER UPDATE ON purchase_returns WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.status IS NOT NEW.status OR OLD.reference IS NOT NEW.reference OR OLD.reason IS NOT NEW.reason OR OLD.notes IS NOT NEW.notes OR OLD.tracking_company IS NOT NEW.tracking_company OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.tracking_status IS NOT NEW.tracking_status OR OLD.shipped_at IS NOT NEW.shipped_at OR OLD.received_at IS NOT NEW.received_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_return.updated', 'purchase-return', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(NEW.tracking_company)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(NEW.shipped_at)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(OLD.shipped_at)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_returns_event_deleted AFTER DELETE ON purchase_returns BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'purchase_return.deleted', 'purchase-return', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.tracking_company IS NULL, '', ',"tracking_company":' || json_quote(OLD.tracking_company)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.shipped_at IS NULL, '', ',"shipped_at":' || json_quote(OLD.shipped_at)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_return_items_event_created AFTER INSERT ON purchase_return_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_return_item.created', 'purchase-return-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_return_id IS NULL, '', ',"purchase_return_id":' || json_quote(NEW.purchase_return_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_return_items_event_updated AFTER UPDATE ON purchase_return_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_return_id IS NOT NEW.purchase_return_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.quantity IS NOT NEW.quantity BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'purchase_return_item.updated', 'purchase-return-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_return_id IS NULL, '', ',"purchase_return_id":' || json_quote(NEW.purchase_return_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_return_id IS NULL, '', ',"purchase_return_id":' || json_quote(OLD.purchase_return_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER purchase_return_items_event_deleted AFTER DELETE ON purchase_return_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'purchase_return_item.deleted', 'purchase-return-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_return_id IS NULL, '', ',"purchase_return_id":' || json_quote(OLD.purchase_return_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER resellers_event_created AFTER INSERT ON resellers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'reseller.created', 'reseller', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.tax_number IS NULL, '', ',"tax_number":' || json_quote(NEW.tax_number)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.discount_percent IS NULL, '', ',"discount_percent":' || json_quote(NEW.discount_percent)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(NEW.payment_terms_days)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER resellers_event_updated AFTER UPDATE ON resellers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.code IS NOT NEW.code OR OLD.email IS NOT NEW.email OR OLD.phone IS NOT NEW.phone OR OLD.tax_number IS NOT NEW.tax_number OR OLD.status IS NOT NEW.status OR OLD.currency IS NOT NEW.currency OR OLD.discount_percent IS NOT NEW.discount_percent OR OLD.price_list_id IS NOT NEW.price_list_id OR OLD.payment_terms_days IS NOT NEW.payment_terms_days OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'reseller.updated', 'reseller', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.tax_number IS NULL, '', ',"tax_number":' || json_quote(NEW.tax_number)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.discount_percent IS NULL, '', ',"discount_percent":' || json_quote(NEW.discount_percent)), iif(NEW.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(NEW.price_list_id)), iif(NEW.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(NEW.payment_terms_days)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.tax_number IS NULL, '', ',"tax_number":' || json_quote(OLD.tax_number)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.discount_percent IS NULL, '', ',"discount_percent":' || json_quote(OLD.discount_percent)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(OLD.payment_terms_days)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER resellers_event_deleted AFTER DELETE ON resellers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'reseller.deleted', 'reseller', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.tax_number IS NULL, '', ',"tax_number":' || json_quote(OLD.tax_number)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.discount_percent IS NULL, '', ',"discount_percent":' || json_quote(OLD.discount_percent)), iif(OLD.price_list_id IS NULL, '', ',"price_list_id":' || json_quote(OLD.price_list_id)), iif(OLD.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(OLD.payment_terms_days)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER retailer_account_reports_event_created AFTER INSERT ON retailer_account_reports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'retailer_account_report.created', 'retailer-account-report', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.retailer_account_id IS NULL, '', ',"retailer_account_id":' || json_quote(NEW.retailer_account_id)), iif(NEW.report_type IS NULL, '', ',"report_type":' || json_quote(NEW.report_type)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.period_start IS NULL, '', ',"period_start":' || json_quote(NEW.period_start)), iif(NEW.period_end IS NULL, '', ',"period_end":' || json_quote(NEW.period_end)), iif(NEW.file_url IS NULL, '', ',"file_url":' || json_quote(NEW.file_url)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER retailer_account_reports_event_updated AFTER UPDATE ON retailer_account_reports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.retailer_account_id IS NOT NEW.retailer_account_id OR OLD.report_type IS NOT NEW.report_type OR OLD.external_id IS NOT NEW.external_id OR OLD.status IS NOT NEW.status OR OLD.period_start IS NOT NEW.period_start OR OLD.period_end IS NOT NEW.period_end OR OLD.file_url IS NOT NEW.file_url OR OLD.error_message IS NOT NEW.error_message OR OLD.completed_at IS NOT NEW.completed_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'retailer_account_report.updated', 'retailer-account-report', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.retailer_account_id IS NULL, '', ',"retailer_account_id":' || json_quote(NEW.retailer_account_id)), iif(NEW.report_type IS NULL, '', ',"report_type":' || json_quote(NEW.report_type)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.period_start IS NULL, '', ',"period_start":' || json_quote(NEW.period_start)), iif(NEW.period_end IS NULL, '', ',"period_end":' || json_quote(NEW.period_end)), iif(NEW.file_url IS NULL, '', ',"file_url":' || json_quote(NEW.file_url)), iif(NEW.error_message IS NULL, '', ',"error_message":' || json_quote(NEW.error_message)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.retailer_account_id IS NULL, '', ',"retailer_account_id":' || json_quote(OLD.retailer_account_id)), iif(OLD.report_type IS NULL, '', ',"report_type":' || json_quote(OLD.report_type)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.period_start IS NULL, '', ',"period_start":' || json_quote(OLD.period_start)), iif(OLD.period_end IS NULL, '', ',"period_end":' || json_quote(OLD.period_end)), iif(OLD.file_url IS NULL, '', ',"file_url":' || json_quote(OLD.file_url)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER retailer_account_reports_event_deleted AFTER DELETE ON retailer_account_reports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'retailer_account_report.deleted', 'retailer-account-report', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.retailer_account_id IS NULL, '', ',"retailer_account_id":' || json_quote(OLD.retailer_account_id)), iif(OLD.report_type IS NULL, '', ',"report_type":' || json_quote(OLD.report_type)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.period_start IS NULL, '', ',"period_start":' || json_quote(OLD.period_start)), iif(OLD.period_end IS NULL, '', ',"period_end":' || json_quote(OLD.period_end)), iif(OLD.file_url IS NULL, '', ',"file_url":' || json_quote(OLD.file_url)), iif(OLD.error_message IS NULL, '', ',"error_message":' || json_quote(OLD.error_message)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER return_shipments_event_created AFTER INSERT ON return_shipments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'return_shipment.created', 'return-shipment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(NEW.sale_return_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.label_id IS NULL, '', ',"label_id":' || json_quote(NEW.label_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.items IS NULL, '', ',"items":' || json_quote(NEW.items)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER return_shipments_event_updated AFTER UPDATE ON return_shipments WHEN OLD.company_id IS NOT NEW.company_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.sale_return_id IS NOT NEW.sale_return_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.label_id IS NOT NEW.label_id OR OLD.status IS NOT NEW.status OR OLD.items IS NOT NEW.items OR OLD.reason IS NOT NEW.reason OR OLD.carrier IS NOT NEW.carrier OR OLD.tracking_number IS NOT NEW.tracking_number OR OLD.tracking_url IS NOT NEW.tracking_url OR OLD.tracking_status IS NOT NEW.tracking_status OR OLD.received_at IS NOT NEW.received_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'return_shipment.updated', 'return-shipment', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(NEW.sale_return_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.label_id IS NULL, '', ',"label_id":' || json_quote(NEW.label_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.items IS NULL, '', ',"items":' || json_quote(NEW.items)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), iif(NEW.carrier IS NULL, '', ',"carrier":' || json_quote(NEW.carrier)), iif(NEW.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(NEW.tracking_number)), iif(NEW.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(NEW.tracking_url)), iif(NEW.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(NEW.tracking_status)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(OLD.sale_return_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.label_id IS NULL, '', ',"label_id":' || json_quote(OLD.label_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.items IS NULL, '', ',"items":' || json_quote(OLD.items)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER return_shipments_event_deleted AFTER DELETE ON return_shipments BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'return_shipment.deleted', 'return-shipment', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(OLD.sale_return_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.label_id IS NULL, '', ',"label_id":' || json_quote(OLD.label_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.items IS NULL, '', ',"items":' || json_quote(OLD.items)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), iif(OLD.carrier IS NULL, '', ',"carrier":' || json_quote(OLD.carrier)), iif(OLD.tracking_number IS NULL, '', ',"tracking_number":' || json_quote(OLD.tracking_number)), iif(OLD.tracking_url IS NULL, '', ',"tracking_url":' || json_quote(OLD.tracking_url)), iif(OLD.tracking_status IS NULL, '', ',"tracking_status":' || json_quote(OLD.tracking_status)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sales_event_created AFTER INSERT ON sales BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale.created', 'sale', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.customer_id IS NULL, '', ',"customer_id":' || json_quote(NEW.customer_id)), iif(NEW.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(NEW.reseller_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(NEW.invoice_status)), iif(NEW.payment_status IS NULL, '', ',"payment_status":' || json_quote(NEW.payment_status)), iif(NEW.return_status IS NULL, '', ',"return_status":' || json_quote(NEW.return_status)), iif(NEW.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(NEW.cancellation_status)), iif(NEW.cancel_reason IS NULL, '', ',"cancel_reason":' || json_quote(NEW.cancel_reason)), iif(NEW.cancelled IS NULL, '', ',"cancelled":' || json_quote(NEW.cancelled)), iif(NEW.finalized IS NULL, '', ',"finalized":' || json_quote(NEW.finalized)), iif(NEW.locked IS NULL, '', ',"locked":' || json_quote(NEW.locked)), iif(NEW.clone_reason IS NULL, '', ',"clone_reason":' || json_quote(NEW.clone_reason)), iif(NEW.reseller_payee IS NULL, '', ',"reseller_payee":' || json_quote(NEW.reseller_payee)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(NEW.shipping_name)), iif(NEW.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(NEW.shipping_company)), iif(NEW.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(NEW.shipping_address_line_one)), iif(NEW.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(NEW.shipping_address_line_two)), iif(NEW.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(NEW.shipping_city)), iif(NEW.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(NEW.shipping_state)), iif(NEW.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(NEW.shipping_zip)), iif(NEW.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(NEW.shipping_country)), iif(NEW.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(NEW.shipping_phone)), iif(NEW.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(NEW.shipping_email)), iif(NEW.subtotal IS NULL, '', ',"subtotal":' || json_quote(NEW.subtotal)), iif(NEW.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(NEW.shipping_price)), iif(NEW.discounts IS NULL, '', ',"discounts":' || json_quote(NEW.discounts)), iif(NEW.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(NEW.tax_amount)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.ordered_at IS NULL, '', ',"ordered_at":' || json_quote(NEW.ordered_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.shipping_first_name IS NULL, '', ',"shipping_first_name":' || json_quote(NEW.shipping_first_name)), iif(NEW.shipping_last_name IS NULL, '', ',"shipping_last_name":' || json_quote(NEW.shipping_last_name)), iif(NEW.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(NEW.billing_first_name)), iif(NEW.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(NEW.billing_last_name)), iif(NEW.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(NEW.billing_address_line_one)), iif(NEW.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(NEW.billing_address_line_two)), iif(NEW.billing_city IS NULL, '', ',"billing_city":' || json_quote(NEW.billing_city)), iif(NEW.billing_state IS NULL, '', ',"billing_state":' || json_quote(NEW.billing_state)), iif(NEW.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(NEW.billing_zip)), iif(NEW.billing_country IS NULL, '', ',"billing_country":' || json_quote(NEW.billing_country)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sales_event_updated AFTER UPDATE ON sales WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.external_id IS NOT NEW.external_id OR OLD.customer_id IS NOT NEW.customer_id OR OLD.reseller_id IS NOT NEW.reseller_id OR OLD.status IS NOT NEW.status OR OLD.inventory_status IS NOT NEW.inventory_status OR OLD.invoice_status IS NOT NEW.invoice_status OR OLD.payment_status IS NOT NEW.payment_status OR OLD.return_status IS NOT NEW.return_status OR OLD.cancellation_status IS NOT NEW.cancellation_status OR OLD.cancel_reason IS NOT NEW.cancel_reason OR OLD.cancelled IS NOT NEW.cancelled OR OLD.finalized IS NOT NEW.finalized OR OLD.locked IS NOT NEW.locked OR OLD.clone_reason IS NOT NEW.clone_reason OR OLD.reseller_payee IS NOT NEW.reseller_payee OR OLD.currency IS NOT NEW.currency OR OLD.shipping_name IS NOT NEW.shipping_name OR OLD.shipping_company IS NOT NEW.shipping_company OR OLD.shipping_address_line_one IS NOT NEW.shipping_address_line_one OR OLD.shipping_address_line_two IS NOT NEW.shipping_address_line_two OR OLD.shipping_city IS NOT NEW.shipping_city OR OLD.shipping_state IS NOT NEW.shipping_state OR OLD.shipping_zip IS NOT NEW.shipping_zip OR OLD.shipping_country IS NOT NEW.shipping_country OR OLD.shipping_phone IS NOT NEW.shipping_phone OR OLD.shipping_email IS NOT NEW.shipping_email OR OLD.subtotal IS NOT NEW.subtotal OR OLD.shipping_price IS NOT NEW.shipping_price OR OLD.discounts IS NOT NEW.discounts OR OLD.tax_amount IS NOT NEW.tax_amount OR OLD.total IS NOT NEW.total OR OLD.ordered_at IS NOT NEW.ordered_at OR OLD.notes IS NOT NEW.notes OR OLD.reference IS NOT NEW.reference OR OLD.shipping_first_name IS NOT NEW.shipping_first_name OR OLD.shipping_last_name IS NOT NEW.shipping_last_name OR OLD.billing_first_name IS NOT NEW.billing_first_name OR OLD.billing_last_name IS NOT NEW.billing_last_name OR OLD.billing_address_line_one IS NOT NEW.billing_address_line_one OR OLD.billing_address_line_two IS NOT NEW.billing_address_line_two OR OLD.billing_city IS NOT NEW.billing_city OR OLD.billing_state IS NOT NEW.billing_state OR OLD.billing_zip IS NOT NEW.billing_zip OR OLD.billing_country IS NOT NEW.billing_country BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale.updated', 'sale', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.customer_id IS NULL, '', ',"customer_id":' || json_quote(NEW.customer_id)), iif(NEW.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(NEW.reseller_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(NEW.inventory_status)), iif(NEW.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(NEW.invoice_status)), iif(NEW.payment_status IS NULL, '', ',"payment_status":' || json_quote(NEW.payment_status)), iif(NEW.return_status IS NULL, '', ',"return_status":' || json_quote(NEW.return_status)), iif(NEW.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(NEW.cancellation_status)), iif(NEW.cancel_reason IS NULL, '', ',"cancel_reason":' || json_quote(NEW.cancel_reason)), iif(NEW.cancelled IS NULL, '', ',"cancelled":' || json_quote(NEW.cancelled)), iif(NEW.finalized IS NULL, '', ',"finalized":' || json_quote(NEW.finalized)), iif(NEW.locked IS NULL, '', ',"locked":' || json_quote(NEW.locked)), iif(NEW.clone_reason IS NULL, '', ',"clone_reason":' || json_quote(NEW.clone_reason)), iif(NEW.reseller_payee IS NULL, '', ',"reseller_payee":' || json_quote(NEW.reseller_payee)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(NEW.shipping_name)), iif(NEW.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(NEW.shipping_company)), iif(NEW.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(NEW.shipping_address_line_one)), iif(NEW.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(NEW.shipping_address_line_two)), iif(NEW.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(NEW.shipping_city)), iif(NEW.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(NEW.shipping_state)), iif(NEW.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(NEW.shipping_zip)), iif(NEW.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(NEW.shipping_country)), iif(NEW.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(NEW.shipping_phone)), iif(NEW.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(NEW.shipping_email)), iif(NEW.subtotal IS NULL, '', ',"subtotal":' || json_quote(NEW.subtotal)), iif(NEW.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(NEW.shipping_price)), iif(NEW.discounts IS NULL, '', ',"discounts":' || json_quote(NEW.discounts)), iif(NEW.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(NEW.tax_amount)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.ordered_at IS NULL, '', ',"ordered_at":' || json_quote(NEW.ordered_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.shipping_first_name IS NULL, '', ',"shipping_first_name":' || json_quote(NEW.shipping_first_name)), iif(NEW.shipping_last_name IS NULL, '', ',"shipping_last_name":' || json_quote(NEW.shipping_last_name)), iif(NEW.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(NEW.billing_first_name)), iif(NEW.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(NEW.billing_last_name)), iif(NEW.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(NEW.billing_address_line_one)), iif(NEW.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(NEW.billing_address_line_two)), iif(NEW.billing_city IS NULL, '', ',"billing_city":' || json_quote(NEW.billing_city)), iif(NEW.billing_state IS NULL, '', ',"billing_state":' || json_quote(NEW.billing_state)), iif(NEW.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(NEW.billing_zip)), iif(NEW.billing_country IS NULL, '', ',"billing_country":' || json_quote(NEW.billing_country)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.customer_id IS NULL, '', ',"customer_id":' || json_quote(OLD.customer_id)), iif(OLD.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(OLD.reseller_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(OLD.invoice_status)), iif(OLD.payment_status IS NULL, '', ',"payment_status":' || json_quote(OLD.payment_status)), iif(OLD.return_status IS NULL, '', ',"return_status":' || json_quote(OLD.return_status)), iif(OLD.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(OLD.cancellation_status)), iif(OLD.cancel_reason IS NULL, '', ',"cancel_reason":' || json_quote(OLD.cancel_reason)), iif(OLD.cancelled IS NULL, '', ',"cancelled":' || json_quote(OLD.cancelled)), iif(OLD.finalized IS NULL, '', ',"finalized":' || json_quote(OLD.finalized)), iif(OLD.locked IS NULL, '', ',"locked":' || json_quote(OLD.locked)), iif(OLD.clone_reason IS NULL, '', ',"clone_reason":' || json_quote(OLD.clone_reason)), iif(OLD.reseller_payee IS NULL, '', ',"reseller_payee":' || json_quote(OLD.reseller_payee)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(OLD.shipping_name)), iif(OLD.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(OLD.shipping_company)), iif(OLD.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(OLD.shipping_address_line_one)), iif(OLD.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(OLD.shipping_address_line_two)), iif(OLD.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(OLD.shipping_city)), iif(OLD.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(OLD.shipping_state)), iif(OLD.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(OLD.shipping_zip)), iif(OLD.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(OLD.shipping_country)), iif(OLD.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(OLD.shipping_phone)), iif(OLD.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(OLD.shipping_email)), iif(OLD.subtotal IS NULL, '', ',"subtotal":' || json_quote(OLD.subtotal)), iif(OLD.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(OLD.shipping_price)), iif(OLD.discounts IS NULL, '', ',"discounts":' || json_quote(OLD.discounts)), iif(OLD.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(OLD.tax_amount)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.ordered_at IS NULL, '', ',"ordered_at":' || json_quote(OLD.ordered_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.shipping_first_name IS NULL, '', ',"shipping_first_name":' || json_quote(OLD.shipping_first_name)), iif(OLD.shipping_last_name IS NULL, '', ',"shipping_last_name":' || json_quote(OLD.shipping_last_name)), iif(OLD.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(OLD.billing_first_name)), iif(OLD.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(OLD.billing_last_name)), iif(OLD.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(OLD.billing_address_line_one)), iif(OLD.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(OLD.billing_address_line_two)), iif(OLD.billing_city IS NULL, '', ',"billing_city":' || json_quote(OLD.billing_city)), iif(OLD.billing_state IS NULL, '', ',"billing_state":' || json_quote(OLD.billing_state)), iif(OLD.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(OLD.billing_zip)), iif(OLD.billing_country IS NULL, '', ',"billing_country":' || json_quote(OLD.billing_country)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sales_event_deleted AFTER DELETE ON sales BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'sale.deleted', 'sale', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.customer_id IS NULL, '', ',"customer_id":' || json_quote(OLD.customer_id)), iif(OLD.reseller_id IS NULL, '', ',"reseller_id":' || json_quote(OLD.reseller_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.inventory_status IS NULL, '', ',"inventory_status":' || json_quote(OLD.inventory_status)), iif(OLD.invoice_status IS NULL, '', ',"invoice_status":' || json_quote(OLD.invoice_status)), iif(OLD.payment_status IS NULL, '', ',"payment_status":' || json_quote(OLD.payment_status)), iif(OLD.return_status IS NULL, '', ',"return_status":' || json_quote(OLD.return_status)), iif(OLD.cancellation_status IS NULL, '', ',"cancellation_status":' || json_quote(OLD.cancellation_status)), iif(OLD.cancel_reason IS NULL, '', ',"cancel_reason":' || json_quote(OLD.cancel_reason)), iif(OLD.cancelled IS NULL, '', ',"cancelled":' || json_quote(OLD.cancelled)), iif(OLD.finalized IS NULL, '', ',"finalized":' || json_quote(OLD.finalized)), iif(OLD.locked IS NULL, '', ',"locked":' || json_quote(OLD.locked)), iif(OLD.clone_reason IS NULL, '', ',"clone_reason":' || json_quote(OLD.clone_reason)), iif(OLD.reseller_payee IS NULL, '', ',"reseller_payee":' || json_quote(OLD.reseller_payee)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.shipping_name IS NULL, '', ',"shipping_name":' || json_quote(OLD.shipping_name)), iif(OLD.shipping_company IS NULL, '', ',"shipping_company":' || json_quote(OLD.shipping_company)), iif(OLD.shipping_address_line_one IS NULL, '', ',"shipping_address_line_one":' || json_quote(OLD.shipping_address_line_one)), iif(OLD.shipping_address_line_two IS NULL, '', ',"shipping_address_line_two":' || json_quote(OLD.shipping_address_line_two)), iif(OLD.shipping_city IS NULL, '', ',"shipping_city":' || json_quote(OLD.shipping_city)), iif(OLD.shipping_state IS NULL, '', ',"shipping_state":' || json_quote(OLD.shipping_state)), iif(OLD.shipping_zip IS NULL, '', ',"shipping_zip":' || json_quote(OLD.shipping_zip)), iif(OLD.shipping_country IS NULL, '', ',"shipping_country":' || json_quote(OLD.shipping_country)), iif(OLD.shipping_phone IS NULL, '', ',"shipping_phone":' || json_quote(OLD.shipping_phone)), iif(OLD.shipping_email IS NULL, '', ',"shipping_email":' || json_quote(OLD.shipping_email)), iif(OLD.subtotal IS NULL, '', ',"subtotal":' || json_quote(OLD.subtotal)), iif(OLD.shipping_price IS NULL, '', ',"shipping_price":' || json_quote(OLD.shipping_price)), iif(OLD.discounts IS NULL, '', ',"discounts":' || json_quote(OLD.discounts)), iif(OLD.tax_amount IS NULL, '', ',"tax_amount":' || json_quote(OLD.tax_amount)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.ordered_at IS NULL, '', ',"ordered_at":' || json_quote(OLD.ordered_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.shipping_first_name IS NULL, '', ',"shipping_first_name":' || json_quote(OLD.shipping_first_name)), iif(OLD.shipping_last_name IS NULL, '', ',"shipping_last_name":' || json_quote(OLD.shipping_last_name)), iif(OLD.billing_first_name IS NULL, '', ',"billing_first_name":' || json_quote(OLD.billing_first_name)), iif(OLD.billing_last_name IS NULL, '', ',"billing_last_name":' || json_quote(OLD.billing_last_name)), iif(OLD.billing_address_line_one IS NULL, '', ',"billing_address_line_one":' || json_quote(OLD.billing_address_line_one)), iif(OLD.billing_address_line_two IS NULL, '', ',"billing_address_line_two":' || json_quote(OLD.billing_address_line_two)), iif(OLD.billing_city IS NULL, '', ',"billing_city":' || json_quote(OLD.billing_city)), iif(OLD.billing_state IS NULL, '', ',"billing_state":' || json_quote(OLD.billing_state)), iif(OLD.billing_zip IS NULL, '', ',"billing_zip":' || json_quote(OLD.billing_zip)), iif(OLD.billing_country IS NULL, '', ',"billing_country":' || json_quote(OLD.billing_country)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_discount_codes_event_created AFTER INSERT ON sale_discount_codes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_discount_code.created', 'sale-discount-code', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_discount_codes_event_updated AFTER UPDATE ON sale_discount_codes WHEN OLD.company_id IS NOT NEW.company_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.code IS NOT NEW.code OR OLD.type IS NOT NEW.type OR OLD.amount IS NOT NEW.amount BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_discount_code.updated', 'sale-discount-code', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_discount_codes_event_deleted AFTER DELETE ON sale_discount_codes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'sale_discount_code.deleted', 'sale-discount-code', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_imports_event_created AFTER INSERT ON sale_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_import.created', 'sale-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.problem IS NULL, '', ',"problem":' || json_quote(NEW.problem)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), iif(NEW.email_sent IS NULL, '', ',"email_sent":' || json_quote(NEW.email_sent)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_imports_event_updated AFTER UPDATE ON sale_imports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.external_id IS NOT NEW.external_id OR OLD.status IS NOT NEW.status OR OLD.payload IS NOT NEW.payload OR OLD.problem IS NOT NEW.problem OR OLD.message IS NOT NEW.message OR OLD.email_sent IS NOT NEW.email_sent OR OLD.read IS NOT NEW.read BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_import.updated', 'sale-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.payload IS NULL, '', ',"payload":' || json_quote(NEW.payload)), iif(NEW.problem IS NULL, '', ',"problem":' || json_quote(NEW.problem)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), iif(NEW.email_sent IS NULL, '', ',"email_sent":' || json_quote(NEW.email_sent)), iif(NEW.read IS NULL, '', ',"read":' || json_quote(NEW.read)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.problem IS NULL, '', ',"problem":' || json_quote(OLD.problem)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), iif(OLD.email_sent IS NULL, '', ',"email_sent":' || json_quote(OLD.email_sent)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_imports_event_deleted AFTER DELETE ON sale_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'sale_import.deleted', 'sale-import', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.payload IS NULL, '', ',"payload":' || json_quote(OLD.payload)), iif(OLD.problem IS NULL, '', ',"problem":' || json_quote(OLD.problem)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), iif(OLD.email_sent IS NULL, '', ',"email_sent":' || json_quote(OLD.email_sent)), iif(OLD.read IS NULL, '', ',"read":' || json_quote(OLD.read)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_invoice_items_event_created AFTER INSERT ON sale_invoice_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_invoice_item.created', 'sale-invoice-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_invoice_id IS NULL, '', ',"sale_invoice_id":' || json_quote(NEW.sale_invoice_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_invoice_items_event_updated AFTER UPDATE ON sale_invoice_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.sale_invoice_id IS NOT NEW.sale_invoice_id OR OLD.sale_item_id IS NOT NEW.sale_item_id OR OLD.quantity IS NOT NEW.quantity BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_invoice_item.updated', 'sale-invoice-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_invoice_id IS NULL, '', ',"sale_invoice_id":' || json_quote(NEW.sale_invoice_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_invoice_id IS NULL, '', ',"sale_invoice_id":' || json_quote(OLD.sale_invoice_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_invoice_items_event_deleted AFTER DELETE ON sale_invoice_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'sale_invoice_item.deleted', 'sale-invoice-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_invoice_id IS NULL, '', ',"sale_invoice_id":' || json_quote(OLD.sale_invoice_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_items_event_created AFTER INSERT ON sale_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_item.created', 'sale-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.quantity_fulfilled IS NULL, '', ',"quantity_fulfilled":' || json_quote(NEW.quantity_fulfilled)), iif(NEW.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(NEW.quantity_cancelled)), iif(NEW.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(NEW.quantity_returned)), iif(NEW.taxable IS NULL, '', ',"taxable":' || json_quote(NEW.taxable)), iif(NEW.properties IS NULL, '', ',"properties":' || json_quote(NEW.properties)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_items_event_updated AFTER UPDATE ON sale_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.external_id IS NOT NEW.external_id OR OLD.sku IS NOT NEW.sku OR OLD.name IS NOT NEW.name OR OLD.quantity IS NOT NEW.quantity OR OLD.price IS NOT NEW.price OR OLD.total IS NOT NEW.total OR OLD.quantity_fulfilled IS NOT NEW.quantity_fulfilled OR OLD.quantity_cancelled IS NOT NEW.quantity_cancelled OR OLD.quantity_returned IS NOT NEW.quantity_returned OR OLD.taxable IS NOT NEW.taxable OR OLD.properties IS NOT NEW.properties BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_item.updated', 'sale-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.quantity_fulfilled IS NULL, '', ',"quantity_fulfilled":' || json_quote(NEW.quantity_fulfilled)), iif(NEW.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(NEW.quantity_cancelled)), iif(NEW.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(NEW.quantity_returned)), iif(NEW.taxable IS NULL, '', ',"taxable":' || json_quote(NEW.taxable)), iif(NEW.properties IS NULL, '', ',"properties":' || json_quote(NEW.properties)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.quantity_fulfilled IS NULL, '', ',"quantity_fulfilled":' || json_quote(OLD.quantity_fulfilled)), iif(OLD.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(OLD.quantity_cancelled)), iif(OLD.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(OLD.quantity_returned)), iif(OLD.taxable IS NULL, '', ',"taxable":' || json_quote(OLD.taxable)), iif(OLD.properties IS NULL, '', ',"properties":' || json_quote(OLD.properties)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_items_event_deleted AFTER DELETE ON sale_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'sale_item.deleted', 'sale-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.quantity_fulfilled IS NULL, '', ',"quantity_fulfilled":' || json_quote(OLD.quantity_fulfilled)), iif(OLD.quantity_cancelled IS NULL, '', ',"quantity_cancelled":' || json_quote(OLD.quantity_cancelled)), iif(OLD.quantity_returned IS NULL, '', ',"quantity_returned":' || json_quote(OLD.quantity_returned)), iif(OLD.taxable IS NULL, '', ',"taxable":' || json_quote(OLD.taxable)), iif(OLD.properties IS NULL, '', ',"properties":' || json_quote(OLD.properties)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_returns_event_created AFTER INSERT ON sale_returns BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_return.created', 'sale-return', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), iif(NEW.payment_status IS NULL, '', ',"payment_status":' || json_quote(NEW.payment_status)), iif(NEW.return_label_type IS NULL, '', ',"return_label_type":' || json_quote(NEW.return_label_type)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_returns_event_updated AFTER UPDATE ON sale_returns WHEN OLD.company_id IS NOT NEW.company_id OR OLD.sale_id IS NOT NEW.sale_id OR OLD.purchase_id IS NOT NEW.purchase_id OR OLD.external_id IS NOT NEW.external_id OR OLD.type IS NOT NEW.type OR OLD.status IS NOT NEW.status OR OLD.received_at IS NOT NEW.received_at OR OLD.payment_status IS NOT NEW.payment_status OR OLD.return_label_type IS NOT NEW.return_label_type OR OLD.reason IS NOT NEW.reason OR OLD.total IS NOT NEW.total OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_return.updated', 'sale-return', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_id IS NULL, '', ',"sale_id":' || json_quote(NEW.sale_id)), iif(NEW.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(NEW.purchase_id)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.type IS NULL, '', ',"type":' || json_quote(NEW.type)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.received_at IS NULL, '', ',"received_at":' || json_quote(NEW.received_at)), iif(NEW.payment_status IS NULL, '', ',"payment_status":' || json_quote(NEW.payment_status)), iif(NEW.return_label_type IS NULL, '', ',"return_label_type":' || json_quote(NEW.return_label_type)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), iif(NEW.total IS NULL, '', ',"total":' || json_quote(NEW.total)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), iif(OLD.payment_status IS NULL, '', ',"payment_status":' || json_quote(OLD.payment_status)), iif(OLD.return_label_type IS NULL, '', ',"return_label_type":' || json_quote(OLD.return_label_type)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_returns_event_deleted AFTER DELETE ON sale_returns BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'sale_return.deleted', 'sale-return', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_id IS NULL, '', ',"sale_id":' || json_quote(OLD.sale_id)), iif(OLD.purchase_id IS NULL, '', ',"purchase_id":' || json_quote(OLD.purchase_id)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.type IS NULL, '', ',"type":' || json_quote(OLD.type)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.received_at IS NULL, '', ',"received_at":' || json_quote(OLD.received_at)), iif(OLD.payment_status IS NULL, '', ',"payment_status":' || json_quote(OLD.payment_status)), iif(OLD.return_label_type IS NULL, '', ',"return_label_type":' || json_quote(OLD.return_label_type)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), iif(OLD.total IS NULL, '', ',"total":' || json_quote(OLD.total)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_return_items_event_created AFTER INSERT ON sale_return_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_return_item.created', 'sale-return-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(NEW.sale_return_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_return_items_event_updated AFTER UPDATE ON sale_return_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.sale_return_id IS NOT NEW.sale_return_id OR OLD.sale_item_id IS NOT NEW.sale_item_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.sku IS NOT NEW.sku OR OLD.quantity IS NOT NEW.quantity OR OLD.amount IS NOT NEW.amount OR OLD.reason IS NOT NEW.reason BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'sale_return_item.updated', 'sale-return-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(NEW.sale_return_id)), iif(NEW.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(NEW.sale_item_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.reason IS NULL, '', ',"reason":' || json_quote(NEW.reason)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(OLD.sale_return_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER sale_return_items_event_deleted AFTER DELETE ON sale_return_items BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'sale_return_item.deleted', 'sale-return-item', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.sale_return_id IS NULL, '', ',"sale_return_id":' || json_quote(OLD.sale_return_id)), iif(OLD.sale_item_id IS NULL, '', ',"sale_item_id":' || json_quote(OLD.sale_item_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.reason IS NULL, '', ',"reason":' || json_quote(OLD.reason)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER transfers_event_created AFTER INSERT ON transfers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'transfer.created', 'transfer', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(NEW.payment_method_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.trigger IS NULL, '', ',"trigger":' || json_quote(NEW.trigger)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.additional_amount IS NULL, '', ',"additional_amount":' || json_quote(NEW.additional_amount)), iif(NEW.fee IS NULL, '', ',"fee":' || json_quote(NEW.fee)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER transfers_event_updated AFTER UPDATE ON transfers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.status IS NOT NEW.status OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.payment_method_id IS NOT NEW.payment_method_id OR OLD.source IS NOT NEW.source OR OLD.trigger IS NOT NEW.trigger OR OLD.amount IS NOT NEW.amount OR OLD.currency IS NOT NEW.currency OR OLD.reference IS NOT NEW.reference OR OLD.external_id IS NOT NEW.external_id OR OLD.completed_at IS NOT NEW.completed_at OR OLD.notes IS NOT NEW.notes OR OLD.name IS NOT NEW.name OR OLD.additional_amount IS NOT NEW.additional_amount OR OLD.fee IS NOT NEW.fee OR OLD.message IS NOT NEW.message BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'transfer.updated', 'transfer', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(NEW.payment_method_id)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.trigger IS NULL, '', ',"trigger":' || json_quote(NEW.trigger)), iif(NEW.amount IS NULL, '', ',"amount":' || json_quote(NEW.amount)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.reference IS NULL, '', ',"reference":' || json_quote(NEW.reference)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.completed_at IS NULL, '', ',"completed_at":' || json_quote(NEW.completed_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.additional_amount IS NULL, '', ',"additional_amount":' || json_quote(NEW.additional_amount)), iif(NEW.fee IS NULL, '', ',"fee":' || json_quote(NEW.fee)), iif(NEW.message IS NULL, '', ',"message":' || json_quote(NEW.message)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(OLD.payment_method_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.trigger IS NULL, '', ',"trigger":' || json_quote(OLD.trigger)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.additional_amount IS NULL, '', ',"additional_amount":' || json_quote(OLD.additional_amount)), iif(OLD.fee IS NULL, '', ',"fee":' || json_quote(OLD.fee)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER transfers_event_deleted AFTER DELETE ON transfers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'transfer.deleted', 'transfer', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.payment_method_id IS NULL, '', ',"payment_method_id":' || json_quote(OLD.payment_method_id)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.trigger IS NULL, '', ',"trigger":' || json_quote(OLD.trigger)), iif(OLD.amount IS NULL, '', ',"amount":' || json_quote(OLD.amount)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.reference IS NULL, '', ',"reference":' || json_quote(OLD.reference)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.completed_at IS NULL, '', ',"completed_at":' || json_quote(OLD.completed_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.additional_amount IS NULL, '', ',"additional_amount":' || json_quote(OLD.additional_amount)), iif(OLD.fee IS NULL, '', ',"fee":' || json_quote(OLD.fee)), iif(OLD.message IS NULL, '', ',"message":' || json_quote(OLD.message)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variant_parcels_event_created AFTER INSERT ON variant_parcels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'variant_parcel.created', 'variant-parcel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(NEW.distance_unit)), iif(NEW.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(NEW.packing_depth)), iif(NEW.packing_height IS NULL, '', ',"packing_height":' || json_quote(NEW.packing_height)), iif(NEW.packing_width IS NULL, '', ',"packing_width":' || json_quote(NEW.packing_width)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.weight IS NULL, '', ',"weight":' || json_quote(NEW.weight)), iif(NEW.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(NEW.weight_unit)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variant_parcels_event_updated AFTER UPDATE ON variant_parcels WHEN OLD.company_id IS NOT NEW.company_id OR OLD.distance_unit IS NOT NEW.distance_unit OR OLD.packing_depth IS NOT NEW.packing_depth OR OLD.packing_height IS NOT NEW.packing_height OR OLD.packing_width IS NOT NEW.packing_width OR OLD.source IS NOT NEW.source OR OLD.tags IS NOT NEW.tags OR OLD.variant_id IS NOT NEW.variant_id OR OLD.weight IS NOT NEW.weight OR OLD.weight_unit IS NOT NEW.weight_unit BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'variant_parcel.updated', 'variant-parcel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(NEW.distance_unit)), iif(NEW.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(NEW.packing_depth)), iif(NEW.packing_height IS NULL, '', ',"packing_height":' || json_quote(NEW.packing_height)), iif(NEW.packing_width IS NULL, '', ',"packing_width":' || json_quote(NEW.packing_width)), iif(NEW.source IS NULL, '', ',"source":' || json_quote(NEW.source)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.weight IS NULL, '', ',"weight":' || json_quote(NEW.weight)), iif(NEW.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(NEW.weight_unit)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(OLD.distance_unit)), iif(OLD.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(OLD.packing_depth)), iif(OLD.packing_height IS NULL, '', ',"packing_height":' || json_quote(OLD.packing_height)), iif(OLD.packing_width IS NULL, '', ',"packing_width":' || json_quote(OLD.packing_width)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.weight IS NULL, '', ',"weight":' || json_quote(OLD.weight)), iif(OLD.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(OLD.weight_unit)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variant_parcels_event_deleted AFTER DELETE ON variant_parcels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'variant_parcel.deleted', 'variant-parcel', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.distance_unit IS NULL, '', ',"distance_unit":' || json_quote(OLD.distance_unit)), iif(OLD.packing_depth IS NULL, '', ',"packing_depth":' || json_quote(OLD.packing_depth)), iif(OLD.packing_height IS NULL, '', ',"packing_height":' || json_quote(OLD.packing_height)), iif(OLD.packing_width IS NULL, '', ',"packing_width":' || json_quote(OLD.packing_width)), iif(OLD.source IS NULL, '', ',"source":' || json_quote(OLD.source)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.weight IS NULL, '', ',"weight":' || json_quote(OLD.weight)), iif(OLD.weight_unit IS NULL, '', ',"weight_unit":' || json_quote(OLD.weight_unit)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variant_warehouse_updates_event_created AFTER INSERT ON variant_warehouse_updates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'variant_warehouse_update.created', 'variant-warehouse-update', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(NEW.quantity_before)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.adjustment_id IS NULL, '', ',"adjustment_id":' || json_quote(NEW.adjustment_id)), iif(NEW.applied_at IS NULL, '', ',"applied_at":' || json_quote(NEW.applied_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variant_warehouse_updates_event_updated AFTER UPDATE ON variant_warehouse_updates WHEN OLD.company_id IS NOT NEW.company_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.quantity IS NOT NEW.quantity OR OLD.quantity_before IS NOT NEW.quantity_before OR OLD.status IS NOT NEW.status OR OLD.status_message IS NOT NEW.status_message OR OLD.adjustment_id IS NOT NEW.adjustment_id OR OLD.applied_at IS NOT NEW.applied_at OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'variant_warehouse_update.updated', 'variant-warehouse-update', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(NEW.quantity_before)), iif(NEW.status IS NULL, '', ',"status":' || json_quote(NEW.status)), iif(NEW.status_message IS NULL, '', ',"status_message":' || json_quote(NEW.status_message)), iif(NEW.adjustment_id IS NULL, '', ',"adjustment_id":' || json_quote(NEW.adjustment_id)), iif(NEW.applied_at IS NULL, '', ',"applied_at":' || json_quote(NEW.applied_at)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(OLD.quantity_before)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.adjustment_id IS NULL, '', ',"adjustment_id":' || json_quote(OLD.adjustment_id)), iif(OLD.applied_at IS NULL, '', ',"applied_at":' || json_quote(OLD.applied_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variant_warehouse_updates_event_deleted AFTER DELETE ON variant_warehouse_updates BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'variant_warehouse_update.deleted', 'variant-warehouse-update', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.quantity_before IS NULL, '', ',"quantity_before":' || json_quote(OLD.quantity_before)), iif(OLD.status IS NULL, '', ',"status":' || json_quote(OLD.status)), iif(OLD.status_message IS NULL, '', ',"status_message":' || json_quote(OLD.status_message)), iif(OLD.adjustment_id IS NULL, '', ',"adjustment_id":' || json_quote(OLD.adjustment_id)), iif(OLD.applied_at IS NULL, '', ',"applied_at":' || json_quote(OLD.applied_at)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER vendors_event_created AFTER INSERT ON vendors BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'vendor.created', 'vendor', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.website IS NULL, '', ',"website":' || json_quote(NEW.website)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER vendors_event_updated AFTER UPDATE ON vendors WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.code IS NOT NEW.code OR OLD.email IS NOT NEW.email OR OLD.phone IS NOT NEW.phone OR OLD.website IS NOT NEW.website OR OLD.currency IS NOT NEW.currency OR OLD.country IS NOT NEW.country OR OLD.external_id IS NOT NEW.external_id OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'vendor.updated', 'vendor', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.website IS NULL, '', ',"website":' || json_quote(NEW.website)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.notes IS NULL, '', ',"notes":' || json_quote(NEW.notes)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.website IS NULL, '', ',"website":' || json_quote(OLD.website)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER vendors_event_deleted AFTER DELETE ON vendors BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'vendor.deleted', 'vendor', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.website IS NULL, '', ',"website":' || json_quote(OLD.website)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.notes IS NULL, '', ',"notes":' || json_quote(OLD.notes)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER warehouses_event_created AFTER INSERT ON warehouses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'warehouse.created', 'warehouse', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.company IS NULL, '', ',"company":' || json_quote(NEW.company)), iif(NEW.line_one IS NULL, '', ',"line_one":' || json_quote(NEW.line_one)), iif(NEW.line_two IS NULL, '', ',"line_two":' || json_quote(NEW.line_two)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER warehouses_event_updated AFTER UPDATE ON warehouses WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.code IS NOT NEW.code OR OLD.company IS NOT NEW.company OR OLD.line_one IS NOT NEW.line_one OR OLD.line_two IS NOT NEW.line_two OR OLD.city IS NOT NEW.city OR OLD.state IS NOT NEW.state OR OLD.zip IS NOT NEW.zip OR OLD.country IS NOT NEW.country OR OLD.phone IS NOT NEW.phone OR OLD.email IS NOT NEW.email OR OLD.is_default IS NOT NEW.is_default BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'warehouse.updated', 'warehouse', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.code IS NULL, '', ',"code":' || json_quote(NEW.code)), iif(NEW.company IS NULL, '', ',"company":' || json_quote(NEW.company)), iif(NEW.line_one IS NULL, '', ',"line_one":' || json_quote(NEW.line_one)), iif(NEW.line_two IS NULL, '', ',"line_two":' || json_quote(NEW.line_two)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.is_default IS NULL, '', ',"is_default":' || json_quote(NEW.is_default)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.company IS NULL, '', ',"company":' || json_quote(OLD.company)), iif(OLD.line_one IS NULL, '', ',"line_one":' || json_quote(OLD.line_one)), iif(OLD.line_two IS NULL, '', ',"line_two":' || json_quote(OLD.line_two)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER warehouses_event_deleted AFTER DELETE ON warehouses BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'warehouse.deleted', 'warehouse', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.code IS NULL, '', ',"code":' || json_quote(OLD.code)), iif(OLD.company IS NULL, '', ',"company":' || json_quote(OLD.company)), iif(OLD.line_one IS NULL, '', ',"line_one":' || json_quote(OLD.line_one)), iif(OLD.line_two IS NULL, '', ',"line_two":' || json_quote(OLD.line_two)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.is_default IS NULL, '', ',"is_default":' || json_quote(OLD.is_default)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER webhook_endpoints_event_created AFTER INSERT ON webhook_endpoints BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'webhook_endpoint.created', 'webhook-endpoint', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.events IS NULL, '', ',"events":' || json_quote(NEW.events)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.secret_hint IS NULL, '', ',"secret_hint":' || json_quote(NEW.secret_hint)), iif(NEW.disabled_reason IS NULL, '', ',"disabled_reason":' || json_quote(NEW.disabled_reason)), iif(NEW.failing_since IS NULL, '', ',"failing_since":' || json_quote(NEW.failing_since)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER webhook_endpoints_event_updated AFTER UPDATE ON webhook_endpoints WHEN OLD.company_id IS NOT NEW.company_id OR OLD.url IS NOT NEW.url OR OLD.events IS NOT NEW.events OR OLD.description IS NOT NEW.description OR OLD.enabled IS NOT NEW.enabled OR OLD.secret_hint IS NOT NEW.secret_hint OR OLD.disabled_reason IS NOT NEW.disabled_reason OR OLD.failing_since IS NOT NEW.failing_since BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'webhook_endpoint.updated', 'webhook-endpoint', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.events IS NULL, '', ',"events":' || json_quote(NEW.events)), iif(NEW.description IS NULL, '', ',"description":' || json_quote(NEW.description)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.secret_hint IS NULL, '', ',"secret_hint":' || json_quote(NEW.secret_hint)), iif(NEW.disabled_reason IS NULL, '', ',"disabled_reason":' || json_quote(NEW.disabled_reason)), iif(NEW.failing_since IS NULL, '', ',"failing_since":' || json_quote(NEW.failing_since)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.events IS NULL, '', ',"events":' || json_quote(OLD.events)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.secret_hint IS NULL, '', ',"secret_hint":' || json_quote(OLD.secret_hint)), iif(OLD.disabled_reason IS NULL, '', ',"disabled_reason":' || json_quote(OLD.disabled_reason)), iif(OLD.failing_since IS NULL, '', ',"failing_since":' || json_quote(OLD.failing_since)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER webhook_endpoints_event_deleted AFTER DELETE ON webhook_endpoints BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'webhook_endpoint.deleted', 'webhook-endpoint', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.events IS NULL, '', ',"events":' || json_quote(OLD.events)), iif(OLD.description IS NULL, '', ',"description":' || json_quote(OLD.description)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.secret_hint IS NULL, '', ',"secret_hint":' || json_quote(OLD.secret_hint)), iif(OLD.disabled_reason IS NULL, '', ',"disabled_reason":' || json_quote(OLD.disabled_reason)), iif(OLD.failing_since IS NULL, '', ',"failing_since":' || json_quote(OLD.failing_since)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_channels_event_created AFTER INSERT ON custom_channels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_channel.created', 'custom-channel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.clone_order_notifications IS NULL, '', ',"clone_order_notifications":' || json_quote(NEW.clone_order_notifications)), iif(NEW.connected_at IS NULL, '', ',"connected_at":' || json_quote(NEW.connected_at)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(NEW.fulfillment_endpoint)), iif(NEW.inventory_endpoint IS NULL, '', ',"inventory_endpoint":' || json_quote(NEW.inventory_endpoint)), iif(NEW.inventory_endpoint_price IS NULL, '', ',"inventory_endpoint_price":' || json_quote(NEW.inventory_endpoint_price)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.post_to_channel_endpoint IS NULL, '', ',"post_to_channel_endpoint":' || json_quote(NEW.post_to_channel_endpoint)), iif(NEW.price_endpoint IS NULL, '', ',"price_endpoint":' || json_quote(NEW.price_endpoint)), iif(NEW.price_endpoint_inventory IS NULL, '', ',"price_endpoint_inventory":' || json_quote(NEW.price_endpoint_inventory)), iif(NEW.price_list_endpoint IS NULL, '', ',"price_list_endpoint":' || json_quote(NEW.price_list_endpoint)), iif(NEW.products_feed_format IS NULL, '', ',"products_feed_format":' || json_quote(NEW.products_feed_format)), iif(NEW.publishing_acknowledgement IS NULL, '', ',"publishing_acknowledgement":' || json_quote(NEW.publishing_acknowledgement)), iif(NEW.publishing_endpoint IS NULL, '', ',"publishing_endpoint":' || json_quote(NEW.publishing_endpoint)), iif(NEW.resource_location IS NULL, '', ',"resource_location":' || json_quote(NEW.resource_location)), iif(NEW.sales_feed_format IS NULL, '', ',"sales_feed_format":' || json_quote(NEW.sales_feed_format)), iif(NEW.webhook_hash IS NULL, '', ',"webhook_hash":' || json_quote(CASE WHEN NEW.webhook_hash IS NULL THEN NULL WHEN substr(NEW.webhook_hash, 1, 3) = 'v1:' THEN substr(NEW.webhook_hash, 5, CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5) THEN NEW.webhook_hash ELSE '…' || iif(length(NEW.webhook_hash) >= 12, substr(NEW.webhook_hash, -4), '') END)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_channels_event_updated AFTER UPDATE ON custom_channels WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.clone_order_notifications IS NOT NEW.clone_order_notifications OR OLD.connected_at IS NOT NEW.connected_at OR OLD.enabled IS NOT NEW.enabled OR OLD.fulfillment_endpoint IS NOT NEW.fulfillment_endpoint OR OLD.inventory_endpoint IS NOT NEW.inventory_endpoint OR OLD.inventory_endpoint_price IS NOT NEW.inventory_endpoint_price OR OLD.name IS NOT NEW.name OR OLD.post_to_channel_endpoint IS NOT NEW.post_to_channel_endpoint OR OLD.price_endpoint IS NOT NEW.price_endpoint OR OLD.price_endpoint_inventory IS NOT NEW.price_endpoint_inventory OR OLD.price_list_endpoint IS NOT NEW.price_list_endpoint OR OLD.products_feed_format IS NOT NEW.products_feed_format OR OLD.publishing_acknowledgement IS NOT NEW.publishing_acknowledgement OR OLD.publishing_endpoint IS NOT NEW.publishing_endpoint OR OLD.resource_location IS NOT NEW.resource_location OR OLD.sales_feed_format IS NOT NEW.sales_feed_format OR CASE WHEN OLD.webhook_hash IS NULL THEN NULL WHEN substr(OLD.webhook_hash, 1, 3) = 'v1:' THEN substr(OLD.webhook_hash, 5, CAST(substr(OLD.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.webhook_hash, 1, 1) = '…' AND length(OLD.webhook_hash) <= 5) THEN OLD.webhook_hash ELSE '…' || iif(length(OLD.webhook_hash) >= 12, substr(OLD.webhook_hash, -4), '') END IS NOT CASE WHEN NEW.webhook_hash IS NULL THEN NULL WHEN substr(NEW.webhook_hash, 1, 3) = 'v1:' THEN substr(NEW.webhook_hash, 5, CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5) THEN NEW.webhook_hash ELSE '…' || iif(length(NEW.webhook_hash) >= 12, substr(NEW.webhook_hash, -4), '') END OR CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END IS NOT CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'custom_channel.updated', 'custom-channel', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.clone_order_notifications IS NULL, '', ',"clone_order_notifications":' || json_quote(NEW.clone_order_notifications)), iif(NEW.connected_at IS NULL, '', ',"connected_at":' || json_quote(NEW.connected_at)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(NEW.fulfillment_endpoint)), iif(NEW.inventory_endpoint IS NULL, '', ',"inventory_endpoint":' || json_quote(NEW.inventory_endpoint)), iif(NEW.inventory_endpoint_price IS NULL, '', ',"inventory_endpoint_price":' || json_quote(NEW.inventory_endpoint_price)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.post_to_channel_endpoint IS NULL, '', ',"post_to_channel_endpoint":' || json_quote(NEW.post_to_channel_endpoint)), iif(NEW.price_endpoint IS NULL, '', ',"price_endpoint":' || json_quote(NEW.price_endpoint)), iif(NEW.price_endpoint_inventory IS NULL, '', ',"price_endpoint_inventory":' || json_quote(NEW.price_endpoint_inventory)), iif(NEW.price_list_endpoint IS NULL, '', ',"price_list_endpoint":' || json_quote(NEW.price_list_endpoint)), iif(NEW.products_feed_format IS NULL, '', ',"products_feed_format":' || json_quote(NEW.products_feed_format)), iif(NEW.publishing_acknowledgement IS NULL, '', ',"publishing_acknowledgement":' || json_quote(NEW.publishing_acknowledgement)), iif(NEW.publishing_endpoint IS NULL, '', ',"publishing_endpoint":' || json_quote(NEW.publishing_endpoint)), iif(NEW.resource_location IS NULL, '', ',"resource_location":' || json_quote(NEW.resource_location)), iif(NEW.sales_feed_format IS NULL, '', ',"sales_feed_format":' || json_quote(NEW.sales_feed_format)), iif(NEW.webhook_hash IS NULL, '', ',"webhook_hash":' || json_quote(CASE WHEN NEW.webhook_hash IS NULL THEN NULL WHEN substr(NEW.webhook_hash, 1, 3) = 'v1:' THEN substr(NEW.webhook_hash, 5, CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5) THEN NEW.webhook_hash ELSE '…' || iif(length(NEW.webhook_hash) >= 12, substr(NEW.webhook_hash, -4), '') END)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.clone_order_notifications IS NULL, '', ',"clone_order_notifications":' || json_quote(OLD.clone_order_notifications)), iif(OLD.connected_at IS NULL, '', ',"connected_at":' || json_quote(OLD.connected_at)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(OLD.fulfillment_endpoint)), iif(OLD.inventory_endpoint IS NULL, '', ',"inventory_endpoint":' || json_quote(OLD.inventory_endpoint)), iif(OLD.inventory_endpoint_price IS NULL, '', ',"inventory_endpoint_price":' || json_quote(OLD.inventory_endpoint_price)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.post_to_channel_endpoint IS NULL, '', ',"post_to_channel_endpoint":' || json_quote(OLD.post_to_channel_endpoint)), iif(OLD.price_endpoint IS NULL, '', ',"price_endpoint":' || json_quote(OLD.price_endpoint)), iif(OLD.price_endpoint_inventory IS NULL, '', ',"price_endpoint_inventory":' || json_quote(OLD.price_endpoint_inventory)), iif(OLD.price_list_endpoint IS NULL, '', ',"price_list_endpoint":' || json_quote(OLD.price_list_endpoint)), iif(OLD.products_feed_format IS NULL, '', ',"products_feed_format":' || json_quote(OLD.products_feed_format)), iif(OLD.publishing_acknowledgement IS NULL, '', ',"publishing_acknowledgement":' || json_quote(OLD.publishing_acknowledgement)), iif(OLD.publishing_endpoint IS NULL, '', ',"publishing_endpoint":' || json_quote(OLD.publishing_endpoint)), iif(OLD.resource_location IS NULL, '', ',"resource_location":' || json_quote(OLD.resource_location)), iif(OLD.sales_feed_format IS NULL, '', ',"sales_feed_format":' || json_quote(OLD.sales_feed_format)), iif(OLD.webhook_hash IS NULL, '', ',"webhook_hash":' || json_quote(CASE WHEN OLD.webhook_hash IS NULL THEN NULL WHEN substr(OLD.webhook_hash, 1, 3) = 'v1:' THEN substr(OLD.webhook_hash, 5, CAST(substr(OLD.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.webhook_hash, 1, 1) = '…' AND length(OLD.webhook_hash) <= 5) THEN OLD.webhook_hash ELSE '…' || iif(length(OLD.webhook_hash) >= 12, substr(OLD.webhook_hash, -4), '') END)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_channels_event_deleted AFTER DELETE ON custom_channels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'custom_channel.deleted', 'custom-channel', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.clone_order_notifications IS NULL, '', ',"clone_order_notifications":' || json_quote(OLD.clone_order_notifications)), iif(OLD.connected_at IS NULL, '', ',"connected_at":' || json_quote(OLD.connected_at)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(OLD.fulfillment_endpoint)), iif(OLD.inventory_endpoint IS NULL, '', ',"inventory_endpoint":' || json_quote(OLD.inventory_endpoint)), iif(OLD.inventory_endpoint_price IS NULL, '', ',"inventory_endpoint_price":' || json_quote(OLD.inventory_endpoint_price)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.post_to_channel_endpoint IS NULL, '', ',"post_to_channel_endpoint":' || json_quote(OLD.post_to_channel_endpoint)), iif(OLD.price_endpoint IS NULL, '', ',"price_endpoint":' || json_quote(OLD.price_endpoint)), iif(OLD.price_endpoint_inventory IS NULL, '', ',"price_endpoint_inventory":' || json_quote(OLD.price_endpoint_inventory)), iif(OLD.price_list_endpoint IS NULL, '', ',"price_list_endpoint":' || json_quote(OLD.price_list_endpoint)), iif(OLD.products_feed_format IS NULL, '', ',"products_feed_format":' || json_quote(OLD.products_feed_format)), iif(OLD.publishing_acknowledgement IS NULL, '', ',"publishing_acknowledgement":' || json_quote(OLD.publishing_acknowledgement)), iif(OLD.publishing_endpoint IS NULL, '', ',"publishing_endpoint":' || json_quote(OLD.publishing_endpoint)), iif(OLD.resource_location IS NULL, '', ',"resource_location":' || json_quote(OLD.resource_location)), iif(OLD.sales_feed_format IS NULL, '', ',"sales_feed_format":' || json_quote(OLD.sales_feed_format)), iif(OLD.webhook_hash IS NULL, '', ',"webhook_hash":' || json_quote(CASE WHEN OLD.webhook_hash IS NULL THEN NULL WHEN substr(OLD.webhook_hash, 1, 3) = 'v1:' THEN substr(OLD.webhook_hash, 5, CAST(substr(OLD.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.webhook_hash, 1, 1) = '…' AND length(OLD.webhook_hash) <= 5) THEN OLD.webhook_hash ELSE '…' || iif(length(OLD.webhook_hash) >= 12, substr(OLD.webhook_hash, -4), '') END)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER custom_channels_seal_created AFTER INSERT ON custom_channels BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'custom-channel', NEW.id, 'webhookHash', CASE WHEN substr(NEW.webhook_hash, 1, 3) = 'v1:' THEN substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.webhook_hash END WHERE NEW.webhook_hash IS NOT NULL AND NOT (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO inbound_secrets (company_id, kind, record_id, digest) SELECT NEW.company_id, 'custom-channel', NEW.id, substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2), ':') - 1) WHERE substr(NEW.webhook_hash, 1, 3) = 'v1:' AND substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2), ':') - 1) <> ''; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'custom-channel', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE custom_channels SET webhook_hash = CASE WHEN NEW.webhook_hash IS NULL THEN NULL WHEN substr(NEW.webhook_hash, 1, 3) = 'v1:' THEN substr(NEW.webhook_hash, 5, CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5) THEN NEW.webhook_hash ELSE '…' || iif(length(NEW.webhook_hash) >= 12, substr(NEW.webhook_hash, -4), '') END, signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.webhook_hash IS NOT NULL AND NOT (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5)) OR (NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); END;

CREATE TRIGGER custom_channels_seal_updated AFTER UPDATE OF webhook_hash, signing_secret ON custom_channels BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'custom-channel', NEW.id, 'webhookHash', CASE WHEN substr(NEW.webhook_hash, 1, 3) = 'v1:' THEN substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.webhook_hash END WHERE NEW.webhook_hash IS NOT NULL AND NOT (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO inbound_secrets (company_id, kind, record_id, digest) SELECT NEW.company_id, 'custom-channel', NEW.id, substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2), ':') - 1) WHERE substr(NEW.webhook_hash, 1, 3) = 'v1:' AND substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.webhook_hash, 5 + CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)), 2), ':') - 1) <> ''; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'custom-channel', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE custom_channels SET webhook_hash = CASE WHEN NEW.webhook_hash IS NULL THEN NULL WHEN substr(NEW.webhook_hash, 1, 3) = 'v1:' THEN substr(NEW.webhook_hash, 5, CAST(substr(NEW.webhook_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5) THEN NEW.webhook_hash ELSE '…' || iif(length(NEW.webhook_hash) >= 12, substr(NEW.webhook_hash, -4), '') END, signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.webhook_hash IS NOT NULL AND NOT (substr(NEW.webhook_hash, 1, 1) = '…' AND length(NEW.webhook_hash) <= 5)) OR (NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); DELETE FROM sealed_values WHERE kind = 'custom-channel' AND record_id = NEW.id AND field = 'webhookHash' AND NEW.webhook_hash IS NULL; DELETE FROM sealed_values WHERE kind = 'custom-channel' AND record_id = NEW.id AND field = 'signingSecret' AND NEW.signing_secret IS NULL; END;

CREATE TRIGGER custom_channels_seal_deleted AFTER DELETE ON custom_channels BEGIN DELETE FROM sealed_values WHERE kind = 'custom-channel' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'custom-channel' AND record_id = OLD.id; END;

CREATE TRIGGER dropship_platform_accounts_event_created AFTER INSERT ON dropship_platform_accounts BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_platform_account.created', 'dropship-platform-account', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.api_url IS NULL, '', ',"api_url":' || json_quote(NEW.api_url)), iif(NEW.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END)), iif(NEW.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END)), iif(NEW.connection_status IS NULL, '', ',"connection_status":' || json_quote(NEW.connection_status)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(NEW.last_synced_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_platform_accounts_event_updated AFTER UPDATE ON dropship_platform_accounts WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.external_id IS NOT NEW.external_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.api_url IS NOT NEW.api_url OR CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END IS NOT CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END OR CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END IS NOT CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END OR OLD.connection_status IS NOT NEW.connection_status OR OLD.enabled IS NOT NEW.enabled OR OLD.last_synced_at IS NOT NEW.last_synced_at BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_platform_account.updated', 'dropship-platform-account', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.api_url IS NULL, '', ',"api_url":' || json_quote(NEW.api_url)), iif(NEW.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END)), iif(NEW.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END)), iif(NEW.connection_status IS NULL, '', ',"connection_status":' || json_quote(NEW.connection_status)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(NEW.last_synced_at)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.api_url IS NULL, '', ',"api_url":' || json_quote(OLD.api_url)), iif(OLD.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END)), iif(OLD.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END)), iif(OLD.connection_status IS NULL, '', ',"connection_status":' || json_quote(OLD.connection_status)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(OLD.last_synced_at)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_platform_accounts_event_deleted AFTER DELETE ON dropship_platform_accounts BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_platform_account.deleted', 'dropship-platform-account', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.api_url IS NULL, '', ',"api_url":' || json_quote(OLD.api_url)), iif(OLD.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END)), iif(OLD.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END)), iif(OLD.connection_status IS NULL, '', ',"connection_status":' || json_quote(OLD.connection_status)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(OLD.last_synced_at)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_platform_accounts_seal_created AFTER INSERT ON dropship_platform_accounts BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-platform-account', NEW.id, 'authenticationToken', CASE WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_token END WHERE NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-platform-account', NEW.id, 'authenticationSecret', CASE WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_secret END WHERE NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE dropship_platform_accounts SET authentication_token = CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END, authentication_secret = CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END WHERE id = NEW.id AND ((NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5)) OR (NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5))); END;

CREATE TRIGGER dropship_platform_accounts_seal_updated AFTER UPDATE OF authentication_token, authentication_secret ON dropship_platform_accounts BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-platform-account', NEW.id, 'authenticationToken', CASE WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_token END WHERE NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-platform-account', NEW.id, 'authenticationSecret', CASE WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_secret END WHERE NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE dropship_platform_accounts SET authentication_token = CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END, authentication_secret = CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END WHERE id = NEW.id AND ((NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5)) OR (NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5))); DELETE FROM sealed_values WHERE kind = 'dropship-platform-account' AND record_id = NEW.id AND field = 'authenticationToken' AND NEW.authentication_token IS NULL; DELETE FROM sealed_values WHERE kind = 'dropship-platform-account' AND record_id = NEW.id AND field = 'authenticationSecret' AND NEW.authentication_secret IS NULL; END;

CREATE TRIGGER dropship_platform_accounts_seal_deleted AFTER DELETE ON dropship_platform_accounts BEGIN DELETE FROM sealed_values WHERE kind = 'dropship-platform-account' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'dropship-platform-account' AND record_id = OLD.id; END;

CREATE TRIGGER dropship_providers_seal_deleted AFTER DELETE ON dropship_providers BEGIN DELETE FROM sealed_values WHERE kind = 'dropship-provider' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'dropship-provider' AND record_id = OLD.id; END;

CREATE TRIGGER inventory_exports_event_created AFTER INSERT ON inventory_exports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_export.created', 'inventory-export', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.include_zero IS NULL, '', ',"include_zero":' || json_quote(NEW.include_zero)), iif(NEW.last_exported_at IS NULL, '', ',"last_exported_at":' || json_quote(NEW.last_exported_at)), iif(NEW.webhook_url IS NULL, '', ',"webhook_url":' || json_quote(NEW.webhook_url)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_exports_event_updated AFTER UPDATE ON inventory_exports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.name IS NOT NEW.name OR OLD.format IS NOT NEW.format OR OLD.channel_id IS NOT NEW.channel_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.include_zero IS NOT NEW.include_zero OR OLD.last_exported_at IS NOT NEW.last_exported_at OR OLD.webhook_url IS NOT NEW.webhook_url OR CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END IS NOT CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_export.updated', 'inventory-export', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.include_zero IS NULL, '', ',"include_zero":' || json_quote(NEW.include_zero)), iif(NEW.last_exported_at IS NULL, '', ',"last_exported_at":' || json_quote(NEW.last_exported_at)), iif(NEW.webhook_url IS NULL, '', ',"webhook_url":' || json_quote(NEW.webhook_url)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.include_zero IS NULL, '', ',"include_zero":' || json_quote(OLD.include_zero)), iif(OLD.last_exported_at IS NULL, '', ',"last_exported_at":' || json_quote(OLD.last_exported_at)), iif(OLD.webhook_url IS NULL, '', ',"webhook_url":' || json_quote(OLD.webhook_url)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_exports_event_deleted AFTER DELETE ON inventory_exports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_export.deleted', 'inventory-export', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.include_zero IS NULL, '', ',"include_zero":' || json_quote(OLD.include_zero)), iif(OLD.last_exported_at IS NULL, '', ',"last_exported_at":' || json_quote(OLD.last_exported_at)), iif(OLD.webhook_url IS NULL, '', ',"webhook_url":' || json_quote(OLD.webhook_url)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_exports_seal_created AFTER INSERT ON inventory_exports BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-export', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE inventory_exports SET signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); END;

CREATE TRIGGER inventory_exports_seal_updated AFTER UPDATE OF signing_secret ON inventory_exports BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-export', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE inventory_exports SET signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); DELETE FROM sealed_values WHERE kind = 'inventory-export' AND record_id = NEW.id AND field = 'signingSecret' AND NEW.signing_secret IS NULL; END;

CREATE TRIGGER inventory_exports_seal_deleted AFTER DELETE ON inventory_exports BEGIN DELETE FROM sealed_values WHERE kind = 'inventory-export' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'inventory-export' AND record_id = OLD.id; END;

CREATE TRIGGER inventory_feeds_event_created AFTER INSERT ON inventory_feeds BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed.created', 'inventory-feed', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.allocate_inventory IS NULL, '', ',"allocate_inventory":' || json_quote(NEW.allocate_inventory)), iif(NEW.allocation_buffer IS NULL, '', ',"allocation_buffer":' || json_quote(NEW.allocation_buffer)), iif(NEW.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(NEW.archive_reason)), iif(NEW.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END)), iif(NEW.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END)), iif(NEW.automated_fetching IS NULL, '', ',"automated_fetching":' || json_quote(NEW.automated_fetching)), iif(NEW.automatically_connect IS NULL, '', ',"automatically_connect":' || json_quote(NEW.automatically_connect)), iif(NEW.automatically_connect_by_barcode IS NULL, '', ',"automatically_connect_by_barcode":' || json_quote(NEW.automatically_connect_by_barcode)), iif(NEW.automatically_connect_channel_variant IS NULL, '', ',"automatically_connect_channel_variant":' || json_quote(NEW.automatically_connect_channel_variant)), iif(NEW.automatically_connect_option_values IS NULL, '', ',"automatically_connect_option_values":' || json_quote(NEW.automatically_connect_option_values)), iif(NEW.automatically_connect_prefix IS NULL, '', ',"automatically_connect_prefix":' || json_quote(NEW.automatically_connect_prefix)), iif(NEW.cache_changes IS NULL, '', ',"cache_changes":' || json_quote(NEW.cache_changes)), iif(NEW.cache_imports IS NULL, '', ',"cache_imports":' || json_quote(NEW.cache_imports)), iif(NEW.case_insensitive_skus IS NULL, '', ',"case_insensitive_skus":' || json_quote(NEW.case_insensitive_skus)), iif(NEW.connected IS NULL, '', ',"connected":' || json_quote(NEW.connected)), iif(NEW.csv_has_header IS NULL, '', ',"csv_has_header":' || json_quote(NEW.csv_has_header)), iif(NEW.currency_id IS NULL, '', ',"currency_id":' || json_quote(NEW.currency_id)), iif(NEW.decimal_notation IS NULL, '', ',"decimal_notation":' || json_quote(NEW.decimal_notation)), iif(NEW.delimiter IS NULL, '', ',"delimiter":' || json_quote(NEW.delimiter)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.exclude_tags IS NULL, '', ',"exclude_tags":' || json_quote(NEW.exclude_tags)), iif(NEW.export_sku_threshold IS NULL, '', ',"export_sku_threshold":' || json_quote(NEW.export_sku_threshold)), iif(NEW.external_id_strategy IS NULL, '', ',"external_id_strategy":' || json_quote(NEW.external_id_strategy)), iif(NEW.fetch_cleanup IS NULL, '', ',"fetch_cleanup":' || json_quote(NEW.fetch_cleanup)), iif(NEW.fetch_frequency IS NULL, '', ',"fetch_frequency":' || json_quote(NEW.fetch_frequency)), iif(NEW.fetch_frequency_reason IS NULL, '', ',"fetch_frequency_reason":' || json_quote(NEW.fetch_frequency_reason)), iif(NEW.fetched IS NULL, '', ',"fetched":' || json_quote(NEW.fetched)), iif(NEW.hash IS NULL, '', ',"hash":' || json_quote(CASE WHEN NEW.hash IS NULL THEN NULL WHEN substr(NEW.hash, 1, 3) = 'v1:' THEN substr(NEW.hash, 5, CAST(substr(NEW.hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5) THEN NEW.hash ELSE '…' || iif(length(NEW.hash) >= 12, substr(NEW.hash, -4), '') END)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.handle_strategy IS NULL, '', ',"handle_strategy":' || json_quote(NEW.handle_strategy)), iif(NEW.include_tags IS NULL, '', ',"include_tags":' || json_quote(NEW.include_tags)), iif(NEW.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(NEW.last_fetched_at)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.sku_prefix IS NULL, '', ',"sku_prefix":' || json_quote(NEW.sku_prefix)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feeds_event_updated AFTER UPDATE ON inventory_feeds WHEN OLD.company_id IS NOT NEW.company_id OR OLD.admin_notes IS NOT NEW.admin_notes OR OLD.allocate_inventory IS NOT NEW.allocate_inventory OR OLD.allocation_buffer IS NOT NEW.allocation_buffer OR OLD.archive_reason IS NOT NEW.archive_reason OR CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END IS NOT CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END OR CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END IS NOT CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END OR OLD.automated_fetching IS NOT NEW.automated_fetching OR OLD.automatically_connect IS NOT NEW.automatically_connect OR OLD.automatically_connect_by_barcode IS NOT NEW.automatically_connect_by_barcode OR OLD.automatically_connect_channel_variant IS NOT NEW.automatically_connect_channel_variant OR OLD.automatically_connect_option_values IS NOT NEW.automatically_connect_option_values OR OLD.automatically_connect_prefix IS NOT NEW.automatically_connect_prefix OR OLD.cache_changes IS NOT NEW.cache_changes OR OLD.cache_imports IS NOT NEW.cache_imports OR OLD.case_insensitive_skus IS NOT NEW.case_insensitive_skus OR OLD.connected IS NOT NEW.connected OR OLD.csv_has_header IS NOT NEW.csv_has_header OR OLD.currency_id IS NOT NEW.currency_id OR OLD.decimal_notation IS NOT NEW.decimal_notation OR OLD.delimiter IS NOT NEW.delimiter OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.enabled IS NOT NEW.enabled OR OLD.exclude_tags IS NOT NEW.exclude_tags OR OLD.export_sku_threshold IS NOT NEW.export_sku_threshold OR OLD.external_id_strategy IS NOT NEW.external_id_strategy OR OLD.fetch_cleanup IS NOT NEW.fetch_cleanup OR OLD.fetch_frequency IS NOT NEW.fetch_frequency OR OLD.fetch_frequency_reason IS NOT NEW.fetch_frequency_reason OR OLD.fetched IS NOT NEW.fetched OR CASE WHEN OLD.hash IS NULL THEN NULL WHEN substr(OLD.hash, 1, 3) = 'v1:' THEN substr(OLD.hash, 5, CAST(substr(OLD.hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.hash, 1, 1) = '…' AND length(OLD.hash) <= 5) THEN OLD.hash ELSE '…' || iif(length(OLD.hash) >= 12, substr(OLD.hash, -4), '') END IS NOT CASE WHEN NEW.hash IS NULL THEN NULL WHEN substr(NEW.hash, 1, 3) = 'v1:' THEN substr(NEW.hash, 5, CAST(substr(NEW.hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5) THEN NEW.hash ELSE '…' || iif(length(NEW.hash) >= 12, substr(NEW.hash, -4), '') END OR OLD.format IS NOT NEW.format OR OLD.handle_strategy IS NOT NEW.handle_strategy OR OLD.include_tags IS NOT NEW.include_tags OR OLD.last_fetched_at IS NOT NEW.last_fetched_at OR OLD.name IS NOT NEW.name OR OLD.sku_prefix IS NOT NEW.sku_prefix OR OLD.url IS NOT NEW.url OR OLD.vendor_id IS NOT NEW.vendor_id BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_feed.updated', 'inventory-feed', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.allocate_inventory IS NULL, '', ',"allocate_inventory":' || json_quote(NEW.allocate_inventory)), iif(NEW.allocation_buffer IS NULL, '', ',"allocation_buffer":' || json_quote(NEW.allocation_buffer)), iif(NEW.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(NEW.archive_reason)), iif(NEW.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END)), iif(NEW.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END)), iif(NEW.automated_fetching IS NULL, '', ',"automated_fetching":' || json_quote(NEW.automated_fetching)), iif(NEW.automatically_connect IS NULL, '', ',"automatically_connect":' || json_quote(NEW.automatically_connect)), iif(NEW.automatically_connect_by_barcode IS NULL, '', ',"automatically_connect_by_barcode":' || json_quote(NEW.automatically_connect_by_barcode)), iif(NEW.automatically_connect_channel_variant IS NULL, '', ',"automatically_connect_channel_variant":' || json_quote(NEW.automatically_connect_channel_variant)), iif(NEW.automatically_connect_option_values IS NULL, '', ',"automatically_connect_option_values":' || json_quote(NEW.automatically_connect_option_values)), iif(NEW.automatically_connect_prefix IS NULL, '', ',"automatically_connect_prefix":' || json_quote(NEW.automatically_connect_prefix)), iif(NEW.cache_changes IS NULL, '', ',"cache_changes":' || json_quote(NEW.cache_changes)), iif(NEW.cache_imports IS NULL, '', ',"cache_imports":' || json_quote(NEW.cache_imports)), iif(NEW.case_insensitive_skus IS NULL, '', ',"case_insensitive_skus":' || json_quote(NEW.case_insensitive_skus)), iif(NEW.connected IS NULL, '', ',"connected":' || json_quote(NEW.connected)), iif(NEW.csv_has_header IS NULL, '', ',"csv_has_header":' || json_quote(NEW.csv_has_header)), iif(NEW.currency_id IS NULL, '', ',"currency_id":' || json_quote(NEW.currency_id)), iif(NEW.decimal_notation IS NULL, '', ',"decimal_notation":' || json_quote(NEW.decimal_notation)), iif(NEW.delimiter IS NULL, '', ',"delimiter":' || json_quote(NEW.delimiter)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.exclude_tags IS NULL, '', ',"exclude_tags":' || json_quote(NEW.exclude_tags)), iif(NEW.export_sku_threshold IS NULL, '', ',"export_sku_threshold":' || json_quote(NEW.export_sku_threshold)), iif(NEW.external_id_strategy IS NULL, '', ',"external_id_strategy":' || json_quote(NEW.external_id_strategy)), iif(NEW.fetch_cleanup IS NULL, '', ',"fetch_cleanup":' || json_quote(NEW.fetch_cleanup)), iif(NEW.fetch_frequency IS NULL, '', ',"fetch_frequency":' || json_quote(NEW.fetch_frequency)), iif(NEW.fetch_frequency_reason IS NULL, '', ',"fetch_frequency_reason":' || json_quote(NEW.fetch_frequency_reason)), iif(NEW.fetched IS NULL, '', ',"fetched":' || json_quote(NEW.fetched)), iif(NEW.hash IS NULL, '', ',"hash":' || json_quote(CASE WHEN NEW.hash IS NULL THEN NULL WHEN substr(NEW.hash, 1, 3) = 'v1:' THEN substr(NEW.hash, 5, CAST(substr(NEW.hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5) THEN NEW.hash ELSE '…' || iif(length(NEW.hash) >= 12, substr(NEW.hash, -4), '') END)), iif(NEW.format IS NULL, '', ',"format":' || json_quote(NEW.format)), iif(NEW.handle_strategy IS NULL, '', ',"handle_strategy":' || json_quote(NEW.handle_strategy)), iif(NEW.include_tags IS NULL, '', ',"include_tags":' || json_quote(NEW.include_tags)), iif(NEW.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(NEW.last_fetched_at)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.sku_prefix IS NULL, '', ',"sku_prefix":' || json_quote(NEW.sku_prefix)), iif(NEW.url IS NULL, '', ',"url":' || json_quote(NEW.url)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.allocate_inventory IS NULL, '', ',"allocate_inventory":' || json_quote(OLD.allocate_inventory)), iif(OLD.allocation_buffer IS NULL, '', ',"allocation_buffer":' || json_quote(OLD.allocation_buffer)), iif(OLD.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(OLD.archive_reason)), iif(OLD.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END)), iif(OLD.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END)), iif(OLD.automated_fetching IS NULL, '', ',"automated_fetching":' || json_quote(OLD.automated_fetching)), iif(OLD.automatically_connect IS NULL, '', ',"automatically_connect":' || json_quote(OLD.automatically_connect)), iif(OLD.automatically_connect_by_barcode IS NULL, '', ',"automatically_connect_by_barcode":' || json_quote(OLD.automatically_connect_by_barcode)), iif(OLD.automatically_connect_channel_variant IS NULL, '', ',"automatically_connect_channel_variant":' || json_quote(OLD.automatically_connect_channel_variant)), iif(OLD.automatically_connect_option_values IS NULL, '', ',"automatically_connect_option_values":' || json_quote(OLD.automatically_connect_option_values)), iif(OLD.automatically_connect_prefix IS NULL, '', ',"automatically_connect_prefix":' || json_quote(OLD.automatically_connect_prefix)), iif(OLD.cache_changes IS NULL, '', ',"cache_changes":' || json_quote(OLD.cache_changes)), iif(OLD.cache_imports IS NULL, '', ',"cache_imports":' || json_quote(OLD.cache_imports)), iif(OLD.case_insensitive_skus IS NULL, '', ',"case_insensitive_skus":' || json_quote(OLD.case_insensitive_skus)), iif(OLD.connected IS NULL, '', ',"connected":' || json_quote(OLD.connected)), iif(OLD.csv_has_header IS NULL, '', ',"csv_has_header":' || json_quote(OLD.csv_has_header)), iif(OLD.currency_id IS NULL, '', ',"currency_id":' || json_quote(OLD.currency_id)), iif(OLD.decimal_notation IS NULL, '', ',"decimal_notation":' || json_quote(OLD.decimal_notation)), iif(OLD.delimiter IS NULL, '', ',"delimiter":' || json_quote(OLD.delimiter)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.exclude_tags IS NULL, '', ',"exclude_tags":' || json_quote(OLD.exclude_tags)), iif(OLD.export_sku_threshold IS NULL, '', ',"export_sku_threshold":' || json_quote(OLD.export_sku_threshold)), iif(OLD.external_id_strategy IS NULL, '', ',"external_id_strategy":' || json_quote(OLD.external_id_strategy)), iif(OLD.fetch_cleanup IS NULL, '', ',"fetch_cleanup":' || json_quote(OLD.fetch_cleanup)), iif(OLD.fetch_frequency IS NULL, '', ',"fetch_frequency":' || json_quote(OLD.fetch_frequency)), iif(OLD.fetch_frequency_reason IS NULL, '', ',"fetch_frequency_reason":' || json_quote(OLD.fetch_frequency_reason)), iif(OLD.fetched IS NULL, '', ',"fetched":' || json_quote(OLD.fetched)), iif(OLD.hash IS NULL, '', ',"hash":' || json_quote(CASE WHEN OLD.hash IS NULL THEN NULL WHEN substr(OLD.hash, 1, 3) = 'v1:' THEN substr(OLD.hash, 5, CAST(substr(OLD.hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.hash, 1, 1) = '…' AND length(OLD.hash) <= 5) THEN OLD.hash ELSE '…' || iif(length(OLD.hash) >= 12, substr(OLD.hash, -4), '') END)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.handle_strategy IS NULL, '', ',"handle_strategy":' || json_quote(OLD.handle_strategy)), iif(OLD.include_tags IS NULL, '', ',"include_tags":' || json_quote(OLD.include_tags)), iif(OLD.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(OLD.last_fetched_at)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.sku_prefix IS NULL, '', ',"sku_prefix":' || json_quote(OLD.sku_prefix)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feeds_event_deleted AFTER DELETE ON inventory_feeds BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_feed.deleted', 'inventory-feed', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.allocate_inventory IS NULL, '', ',"allocate_inventory":' || json_quote(OLD.allocate_inventory)), iif(OLD.allocation_buffer IS NULL, '', ',"allocation_buffer":' || json_quote(OLD.allocation_buffer)), iif(OLD.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(OLD.archive_reason)), iif(OLD.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END)), iif(OLD.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END)), iif(OLD.automated_fetching IS NULL, '', ',"automated_fetching":' || json_quote(OLD.automated_fetching)), iif(OLD.automatically_connect IS NULL, '', ',"automatically_connect":' || json_quote(OLD.automatically_connect)), iif(OLD.automatically_connect_by_barcode IS NULL, '', ',"automatically_connect_by_barcode":' || json_quote(OLD.automatically_connect_by_barcode)), iif(OLD.automatically_connect_channel_variant IS NULL, '', ',"automatically_connect_channel_variant":' || json_quote(OLD.automatically_connect_channel_variant)), iif(OLD.automatically_connect_option_values IS NULL, '', ',"automatically_connect_option_values":' || json_quote(OLD.automatically_connect_option_values)), iif(OLD.automatically_connect_prefix IS NULL, '', ',"automatically_connect_prefix":' || json_quote(OLD.automatically_connect_prefix)), iif(OLD.cache_changes IS NULL, '', ',"cache_changes":' || json_quote(OLD.cache_changes)), iif(OLD.cache_imports IS NULL, '', ',"cache_imports":' || json_quote(OLD.cache_imports)), iif(OLD.case_insensitive_skus IS NULL, '', ',"case_insensitive_skus":' || json_quote(OLD.case_insensitive_skus)), iif(OLD.connected IS NULL, '', ',"connected":' || json_quote(OLD.connected)), iif(OLD.csv_has_header IS NULL, '', ',"csv_has_header":' || json_quote(OLD.csv_has_header)), iif(OLD.currency_id IS NULL, '', ',"currency_id":' || json_quote(OLD.currency_id)), iif(OLD.decimal_notation IS NULL, '', ',"decimal_notation":' || json_quote(OLD.decimal_notation)), iif(OLD.delimiter IS NULL, '', ',"delimiter":' || json_quote(OLD.delimiter)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.exclude_tags IS NULL, '', ',"exclude_tags":' || json_quote(OLD.exclude_tags)), iif(OLD.export_sku_threshold IS NULL, '', ',"export_sku_threshold":' || json_quote(OLD.export_sku_threshold)), iif(OLD.external_id_strategy IS NULL, '', ',"external_id_strategy":' || json_quote(OLD.external_id_strategy)), iif(OLD.fetch_cleanup IS NULL, '', ',"fetch_cleanup":' || json_quote(OLD.fetch_cleanup)), iif(OLD.fetch_frequency IS NULL, '', ',"fetch_frequency":' || json_quote(OLD.fetch_frequency)), iif(OLD.fetch_frequency_reason IS NULL, '', ',"fetch_frequency_reason":' || json_quote(OLD.fetch_frequency_reason)), iif(OLD.fetched IS NULL, '', ',"fetched":' || json_quote(OLD.fetched)), iif(OLD.hash IS NULL, '', ',"hash":' || json_quote(CASE WHEN OLD.hash IS NULL THEN NULL WHEN substr(OLD.hash, 1, 3) = 'v1:' THEN substr(OLD.hash, 5, CAST(substr(OLD.hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.hash, 1, 1) = '…' AND length(OLD.hash) <= 5) THEN OLD.hash ELSE '…' || iif(length(OLD.hash) >= 12, substr(OLD.hash, -4), '') END)), iif(OLD.format IS NULL, '', ',"format":' || json_quote(OLD.format)), iif(OLD.handle_strategy IS NULL, '', ',"handle_strategy":' || json_quote(OLD.handle_strategy)), iif(OLD.include_tags IS NULL, '', ',"include_tags":' || json_quote(OLD.include_tags)), iif(OLD.last_fetched_at IS NULL, '', ',"last_fetched_at":' || json_quote(OLD.last_fetched_at)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.sku_prefix IS NULL, '', ',"sku_prefix":' || json_quote(OLD.sku_prefix)), iif(OLD.url IS NULL, '', ',"url":' || json_quote(OLD.url)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_feeds_seal_created AFTER INSERT ON inventory_feeds BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-feed', NEW.id, 'authenticationSecret', CASE WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_secret END WHERE NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-feed', NEW.id, 'authenticationToken', CASE WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_token END WHERE NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-feed', NEW.id, 'hash', CASE WHEN substr(NEW.hash, 1, 3) = 'v1:' THEN substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.hash END WHERE NEW.hash IS NOT NULL AND NOT (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO inbound_secrets (company_id, kind, record_id, digest) SELECT NEW.company_id, 'inventory-feed', NEW.id, substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2), ':') - 1) WHERE substr(NEW.hash, 1, 3) = 'v1:' AND substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2), ':') - 1) <> ''; UPDATE inventory_feeds SET authentication_secret = CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END, authentication_token = CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END, hash = CASE WHEN NEW.hash IS NULL THEN NULL WHEN substr(NEW.hash, 1, 3) = 'v1:' THEN substr(NEW.hash, 5, CAST(substr(NEW.hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5) THEN NEW.hash ELSE '…' || iif(length(NEW.hash) >= 12, substr(NEW.hash, -4), '') END WHERE id = NEW.id AND ((NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5)) OR (NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5)) OR (NEW.hash IS NOT NULL AND NOT (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5))); END;

CREATE TRIGGER inventory_feeds_seal_updated AFTER UPDATE OF authentication_secret, authentication_token, hash ON inventory_feeds BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-feed', NEW.id, 'authenticationSecret', CASE WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_secret END WHERE NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-feed', NEW.id, 'authenticationToken', CASE WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_token END WHERE NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'inventory-feed', NEW.id, 'hash', CASE WHEN substr(NEW.hash, 1, 3) = 'v1:' THEN substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.hash END WHERE NEW.hash IS NOT NULL AND NOT (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO inbound_secrets (company_id, kind, record_id, digest) SELECT NEW.company_id, 'inventory-feed', NEW.id, substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2), ':') - 1) WHERE substr(NEW.hash, 1, 3) = 'v1:' AND substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2, instr(substr(substr(NEW.hash, 5 + CAST(substr(NEW.hash, 4, 1) AS INTEGER)), 2), ':') - 1) <> ''; UPDATE inventory_feeds SET authentication_secret = CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END, authentication_token = CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END, hash = CASE WHEN NEW.hash IS NULL THEN NULL WHEN substr(NEW.hash, 1, 3) = 'v1:' THEN substr(NEW.hash, 5, CAST(substr(NEW.hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5) THEN NEW.hash ELSE '…' || iif(length(NEW.hash) >= 12, substr(NEW.hash, -4), '') END WHERE id = NEW.id AND ((NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5)) OR (NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5)) OR (NEW.hash IS NOT NULL AND NOT (substr(NEW.hash, 1, 1) = '…' AND length(NEW.hash) <= 5))); DELETE FROM sealed_values WHERE kind = 'inventory-feed' AND record_id = NEW.id AND field = 'authenticationSecret' AND NEW.authentication_secret IS NULL; DELETE FROM sealed_values WHERE kind = 'inventory-feed' AND record_id = NEW.id AND field = 'authenticationToken' AND NEW.authentication_token IS NULL; DELETE FROM sealed_values WHERE kind = 'inventory-feed' AND record_id = NEW.id AND field = 'hash' AND NEW.hash IS NULL; END;

CREATE TRIGGER inventory_feeds_seal_deleted AFTER DELETE ON inventory_feeds BEGIN DELETE FROM sealed_values WHERE kind = 'inventory-feed' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'inventory-feed' AND record_id = OLD.id; END;

CREATE TRIGGER platform_a_stores_event_created AFTER INSERT ON platform_a_stores BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'platform_a_store.created', 'platform-a-store', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END)), iif(NEW.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(NEW.archive_reason)), iif(NEW.authentication_type IS NULL, '', ',"authentication_type":' || json_quote(NEW.authentication_type)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.client_id IS NULL, '', ',"client_id":' || json_quote(NEW.client_id)), iif(NEW.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END)), iif(NEW.default_category IS NULL, '', ',"default_category":' || json_quote(NEW.default_category)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.external_channel_id IS NULL, '', ',"external_channel_id":' || json_quote(NEW.external_channel_id)), iif(NEW.import_cancelled_orders IS NULL, '', ',"import_cancelled_orders":' || json_quote(NEW.import_cancelled_orders)), iif(NEW.last_fetched_sales_at IS NULL, '', ',"last_fetched_sales_at":' || json_quote(NEW.last_fetched_sales_at)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.order_polling IS NULL, '', ',"order_polling":' || json_quote(NEW.order_polling)), iif(NEW.shop IS NULL, '', ',"shop":' || json_quote(NEW.shop)), iif(NEW.single_variant_pricing_update IS NULL, '', ',"single_variant_pricing_update":' || json_quote(NEW.single_variant_pricing_update)), iif(NEW.store_hash IS NULL, '', ',"store_hash":' || json_quote(NEW.store_hash)), iif(NEW.use_total_tax IS NULL, '', ',"use_total_tax":' || json_quote(NEW.use_total_tax)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER platform_a_stores_event_updated AFTER UPDATE ON platform_a_stores WHEN OLD.company_id IS NOT NEW.company_id OR CASE WHEN OLD.access_token IS NULL THEN NULL WHEN substr(OLD.access_token, 1, 3) = 'v1:' THEN substr(OLD.access_token, 5, CAST(substr(OLD.access_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.access_token, 1, 1) = '…' AND length(OLD.access_token) <= 5) THEN OLD.access_token ELSE '…' || iif(length(OLD.access_token) >= 12, substr(OLD.access_token, -4), '') END IS NOT CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END OR OLD.archive_reason IS NOT NEW.archive_reason OR OLD.authentication_type IS NOT NEW.authentication_type OR OLD.channel_id IS NOT NEW.channel_id OR OLD.client_id IS NOT NEW.client_id OR CASE WHEN OLD.client_secret IS NULL THEN NULL WHEN substr(OLD.client_secret, 1, 3) = 'v1:' THEN substr(OLD.client_secret, 5, CAST(substr(OLD.client_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.client_secret, 1, 1) = '…' AND length(OLD.client_secret) <= 5) THEN OLD.client_secret ELSE '…' || iif(length(OLD.client_secret) >= 12, substr(OLD.client_secret, -4), '') END IS NOT CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END OR OLD.default_category IS NOT NEW.default_category OR OLD.enabled IS NOT NEW.enabled OR OLD.external_channel_id IS NOT NEW.external_channel_id OR OLD.import_cancelled_orders IS NOT NEW.import_cancelled_orders OR OLD.last_fetched_sales_at IS NOT NEW.last_fetched_sales_at OR OLD.name IS NOT NEW.name OR OLD.order_polling IS NOT NEW.order_polling OR OLD.shop IS NOT NEW.shop OR OLD.single_variant_pricing_update IS NOT NEW.single_variant_pricing_update OR OLD.store_hash IS NOT NEW.store_hash OR OLD.use_total_tax IS NOT NEW.use_total_tax BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'platform_a_store.updated', 'platform-a-store', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END)), iif(NEW.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(NEW.archive_reason)), iif(NEW.authentication_type IS NULL, '', ',"authentication_type":' || json_quote(NEW.authentication_type)), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.client_id IS NULL, '', ',"client_id":' || json_quote(NEW.client_id)), iif(NEW.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END)), iif(NEW.default_category IS NULL, '', ',"default_category":' || json_quote(NEW.default_category)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.external_channel_id IS NULL, '', ',"external_channel_id":' || json_quote(NEW.external_channel_id)), iif(NEW.import_cancelled_orders IS NULL, '', ',"import_cancelled_orders":' || json_quote(NEW.import_cancelled_orders)), iif(NEW.last_fetched_sales_at IS NULL, '', ',"last_fetched_sales_at":' || json_quote(NEW.last_fetched_sales_at)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.order_polling IS NULL, '', ',"order_polling":' || json_quote(NEW.order_polling)), iif(NEW.shop IS NULL, '', ',"shop":' || json_quote(NEW.shop)), iif(NEW.single_variant_pricing_update IS NULL, '', ',"single_variant_pricing_update":' || json_quote(NEW.single_variant_pricing_update)), iif(NEW.store_hash IS NULL, '', ',"store_hash":' || json_quote(NEW.store_hash)), iif(NEW.use_total_tax IS NULL, '', ',"use_total_tax":' || json_quote(NEW.use_total_tax)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN OLD.access_token IS NULL THEN NULL WHEN substr(OLD.access_token, 1, 3) = 'v1:' THEN substr(OLD.access_token, 5, CAST(substr(OLD.access_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.access_token, 1, 1) = '…' AND length(OLD.access_token) <= 5) THEN OLD.access_token ELSE '…' || iif(length(OLD.access_token) >= 12, substr(OLD.access_token, -4), '') END)), iif(OLD.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(OLD.archive_reason)), iif(OLD.authentication_type IS NULL, '', ',"authentication_type":' || json_quote(OLD.authentication_type)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.client_id IS NULL, '', ',"client_id":' || json_quote(OLD.client_id)), iif(OLD.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN OLD.client_secret IS NULL THEN NULL WHEN substr(OLD.client_secret, 1, 3) = 'v1:' THEN substr(OLD.client_secret, 5, CAST(substr(OLD.client_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.client_secret, 1, 1) = '…' AND length(OLD.client_secret) <= 5) THEN OLD.client_secret ELSE '…' || iif(length(OLD.client_secret) >= 12, substr(OLD.client_secret, -4), '') END)), iif(OLD.default_category IS NULL, '', ',"default_category":' || json_quote(OLD.default_category)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.external_channel_id IS NULL, '', ',"external_channel_id":' || json_quote(OLD.external_channel_id)), iif(OLD.import_cancelled_orders IS NULL, '', ',"import_cancelled_orders":' || json_quote(OLD.import_cancelled_orders)), iif(OLD.last_fetched_sales_at IS NULL, '', ',"last_fetched_sales_at":' || json_quote(OLD.last_fetched_sales_at)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.order_polling IS NULL, '', ',"order_polling":' || json_quote(OLD.order_polling)), iif(OLD.shop IS NULL, '', ',"shop":' || json_quote(OLD.shop)), iif(OLD.single_variant_pricing_update IS NULL, '', ',"single_variant_pricing_update":' || json_quote(OLD.single_variant_pricing_update)), iif(OLD.store_hash IS NULL, '', ',"store_hash":' || json_quote(OLD.store_hash)), iif(OLD.use_total_tax IS NULL, '', ',"use_total_tax":' || json_quote(OLD.use_total_tax)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER platform_a_stores_event_deleted AFTER DELETE ON platform_a_stores BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'platform_a_store.deleted', 'platform-a-store', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN OLD.access_token IS NULL THEN NULL WHEN substr(OLD.access_token, 1, 3) = 'v1:' THEN substr(OLD.access_token, 5, CAST(substr(OLD.access_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.access_token, 1, 1) = '…' AND length(OLD.access_token) <= 5) THEN OLD.access_token ELSE '…' || iif(length(OLD.access_token) >= 12, substr(OLD.access_token, -4), '') END)), iif(OLD.archive_reason IS NULL, '', ',"archive_reason":' || json_quote(OLD.archive_reason)), iif(OLD.authentication_type IS NULL, '', ',"authentication_type":' || json_quote(OLD.authentication_type)), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.client_id IS NULL, '', ',"client_id":' || json_quote(OLD.client_id)), iif(OLD.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN OLD.client_secret IS NULL THEN NULL WHEN substr(OLD.client_secret, 1, 3) = 'v1:' THEN substr(OLD.client_secret, 5, CAST(substr(OLD.client_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.client_secret, 1, 1) = '…' AND length(OLD.client_secret) <= 5) THEN OLD.client_secret ELSE '…' || iif(length(OLD.client_secret) >= 12, substr(OLD.client_secret, -4), '') END)), iif(OLD.default_category IS NULL, '', ',"default_category":' || json_quote(OLD.default_category)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.external_channel_id IS NULL, '', ',"external_channel_id":' || json_quote(OLD.external_channel_id)), iif(OLD.import_cancelled_orders IS NULL, '', ',"import_cancelled_orders":' || json_quote(OLD.import_cancelled_orders)), iif(OLD.last_fetched_sales_at IS NULL, '', ',"last_fetched_sales_at":' || json_quote(OLD.last_fetched_sales_at)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.order_polling IS NULL, '', ',"order_polling":' || json_quote(OLD.order_polling)), iif(OLD.shop IS NULL, '', ',"shop":' || json_quote(OLD.shop)), iif(OLD.single_variant_pricing_update IS NULL, '', ',"single_variant_pricing_update":' || json_quote(OLD.single_variant_pricing_update)), iif(OLD.store_hash IS NULL, '', ',"store_hash":' || json_quote(OLD.store_hash)), iif(OLD.use_total_tax IS NULL, '', ',"use_total_tax":' || json_quote(OLD.use_total_tax)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER platform_a_stores_seal_created AFTER INSERT ON platform_a_stores BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'platform-a-store', NEW.id, 'accessToken', CASE WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.access_token END WHERE NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'platform-a-store', NEW.id, 'clientSecret', CASE WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.client_secret END WHERE NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE platform_a_stores SET access_token = CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END, client_secret = CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END WHERE id = NEW.id AND ((NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5)) OR (NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5))); END;

CREATE TRIGGER platform_a_stores_seal_updated AFTER UPDATE OF access_token, client_secret ON platform_a_stores BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'platform-a-store', NEW.id, 'accessToken', CASE WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.access_token END WHERE NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'platform-a-store', NEW.id, 'clientSecret', CASE WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.client_secret END WHERE NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE platform_a_stores SET access_token = CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END, client_secret = CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END WHERE id = NEW.id AND ((NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5)) OR (NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5))); DELETE FROM sealed_values WHERE kind = 'platform-a-store' AND record_id = NEW.id AND field = 'accessToken' AND NEW.access_token IS NULL; DELETE FROM sealed_values WHERE kind = 'platform-a-store' AND record_id = NEW.id AND field = 'clientSecret' AND NEW.client_secret IS NULL; END;

CREATE TRIGGER platform_a_stores_seal_deleted AFTER DELETE ON platform_a_stores BEGIN DELETE FROM sealed_values WHERE kind = 'platform-a-store' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'platform-a-store' AND record_id = OLD.id; END;

CREATE TRIGGER platform_b_stores_event_created AFTER INSERT ON platform_b_stores BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'platform_b_store.created', 'platform-b-store', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.client_id IS NULL, '', ',"client_id":' || json_quote(NEW.client_id)), iif(NEW.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END)), iif(NEW.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(NEW.fulfillment_endpoint)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.store_id IS NULL, '', ',"store_id":' || json_quote(NEW.store_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER platform_b_stores_event_updated AFTER UPDATE ON platform_b_stores WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.client_id IS NOT NEW.client_id OR CASE WHEN OLD.client_secret IS NULL THEN NULL WHEN substr(OLD.client_secret, 1, 3) = 'v1:' THEN substr(OLD.client_secret, 5, CAST(substr(OLD.client_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.client_secret, 1, 1) = '…' AND length(OLD.client_secret) <= 5) THEN OLD.client_secret ELSE '…' || iif(length(OLD.client_secret) >= 12, substr(OLD.client_secret, -4), '') END IS NOT CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END OR OLD.fulfillment_endpoint IS NOT NEW.fulfillment_endpoint OR OLD.name IS NOT NEW.name OR OLD.store_id IS NOT NEW.store_id BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'platform_b_store.updated', 'platform-b-store', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.client_id IS NULL, '', ',"client_id":' || json_quote(NEW.client_id)), iif(NEW.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END)), iif(NEW.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(NEW.fulfillment_endpoint)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.store_id IS NULL, '', ',"store_id":' || json_quote(NEW.store_id)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.client_id IS NULL, '', ',"client_id":' || json_quote(OLD.client_id)), iif(OLD.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN OLD.client_secret IS NULL THEN NULL WHEN substr(OLD.client_secret, 1, 3) = 'v1:' THEN substr(OLD.client_secret, 5, CAST(substr(OLD.client_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.client_secret, 1, 1) = '…' AND length(OLD.client_secret) <= 5) THEN OLD.client_secret ELSE '…' || iif(length(OLD.client_secret) >= 12, substr(OLD.client_secret, -4), '') END)), iif(OLD.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(OLD.fulfillment_endpoint)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.store_id IS NULL, '', ',"store_id":' || json_quote(OLD.store_id)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER platform_b_stores_event_deleted AFTER DELETE ON platform_b_stores BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'platform_b_store.deleted', 'platform-b-store', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.client_id IS NULL, '', ',"client_id":' || json_quote(OLD.client_id)), iif(OLD.client_secret IS NULL, '', ',"client_secret":' || json_quote(CASE WHEN OLD.client_secret IS NULL THEN NULL WHEN substr(OLD.client_secret, 1, 3) = 'v1:' THEN substr(OLD.client_secret, 5, CAST(substr(OLD.client_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.client_secret, 1, 1) = '…' AND length(OLD.client_secret) <= 5) THEN OLD.client_secret ELSE '…' || iif(length(OLD.client_secret) >= 12, substr(OLD.client_secret, -4), '') END)), iif(OLD.fulfillment_endpoint IS NULL, '', ',"fulfillment_endpoint":' || json_quote(OLD.fulfillment_endpoint)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.store_id IS NULL, '', ',"store_id":' || json_quote(OLD.store_id)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER platform_b_stores_seal_created AFTER INSERT ON platform_b_stores BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'platform-b-store', NEW.id, 'clientSecret', CASE WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.client_secret END WHERE NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE platform_b_stores SET client_secret = CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END WHERE id = NEW.id AND ((NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5))); END;

CREATE TRIGGER platform_b_stores_seal_updated AFTER UPDATE OF client_secret ON platform_b_stores BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'platform-b-store', NEW.id, 'clientSecret', CASE WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.client_secret, 5 + CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.client_secret END WHERE NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE platform_b_stores SET client_secret = CASE WHEN NEW.client_secret IS NULL THEN NULL WHEN substr(NEW.client_secret, 1, 3) = 'v1:' THEN substr(NEW.client_secret, 5, CAST(substr(NEW.client_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5) THEN NEW.client_secret ELSE '…' || iif(length(NEW.client_secret) >= 12, substr(NEW.client_secret, -4), '') END WHERE id = NEW.id AND ((NEW.client_secret IS NOT NULL AND NOT (substr(NEW.client_secret, 1, 1) = '…' AND length(NEW.client_secret) <= 5))); DELETE FROM sealed_values WHERE kind = 'platform-b-store' AND record_id = NEW.id AND field = 'clientSecret' AND NEW.client_secret IS NULL; END;

CREATE TRIGGER platform_b_stores_seal_deleted AFTER DELETE ON platform_b_stores BEGIN DELETE FROM sealed_values WHERE kind = 'platform-b-store' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'platform-b-store' AND record_id = OLD.id; END;

CREATE TRIGGER retailer_accounts_event_created AFTER INSERT ON retailer_accounts BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'retailer_account.created', 'retailer-account', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.seller_id IS NULL, '', ',"seller_id":' || json_quote(NEW.seller_id)), iif(NEW.marketplace_code IS NULL, '', ',"marketplace_code":' || json_quote(NEW.marketplace_code)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END)), iif(NEW.refresh_token IS NULL, '', ',"refresh_token":' || json_quote(CASE WHEN NEW.refresh_token IS NULL THEN NULL WHEN substr(NEW.refresh_token, 1, 3) = 'v1:' THEN substr(NEW.refresh_token, 5, CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5) THEN NEW.refresh_token ELSE '…' || iif(length(NEW.refresh_token) >= 12, substr(NEW.refresh_token, -4), '') END)), iif(NEW.token_expires_at IS NULL, '', ',"token_expires_at":' || json_quote(NEW.token_expires_at)), iif(NEW.connection_status IS NULL, '', ',"connection_status":' || json_quote(NEW.connection_status)), iif(NEW.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(NEW.last_synced_at)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER retailer_accounts_event_updated AFTER UPDATE ON retailer_accounts WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_id IS NOT NEW.channel_id OR OLD.name IS NOT NEW.name OR OLD.seller_id IS NOT NEW.seller_id OR OLD.marketplace_code IS NOT NEW.marketplace_code OR OLD.country IS NOT NEW.country OR OLD.currency IS NOT NEW.currency OR CASE WHEN OLD.access_token IS NULL THEN NULL WHEN substr(OLD.access_token, 1, 3) = 'v1:' THEN substr(OLD.access_token, 5, CAST(substr(OLD.access_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.access_token, 1, 1) = '…' AND length(OLD.access_token) <= 5) THEN OLD.access_token ELSE '…' || iif(length(OLD.access_token) >= 12, substr(OLD.access_token, -4), '') END IS NOT CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END OR CASE WHEN OLD.refresh_token IS NULL THEN NULL WHEN substr(OLD.refresh_token, 1, 3) = 'v1:' THEN substr(OLD.refresh_token, 5, CAST(substr(OLD.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.refresh_token, 1, 1) = '…' AND length(OLD.refresh_token) <= 5) THEN OLD.refresh_token ELSE '…' || iif(length(OLD.refresh_token) >= 12, substr(OLD.refresh_token, -4), '') END IS NOT CASE WHEN NEW.refresh_token IS NULL THEN NULL WHEN substr(NEW.refresh_token, 1, 3) = 'v1:' THEN substr(NEW.refresh_token, 5, CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5) THEN NEW.refresh_token ELSE '…' || iif(length(NEW.refresh_token) >= 12, substr(NEW.refresh_token, -4), '') END OR OLD.token_expires_at IS NOT NEW.token_expires_at OR OLD.connection_status IS NOT NEW.connection_status OR OLD.last_synced_at IS NOT NEW.last_synced_at OR OLD.enabled IS NOT NEW.enabled BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'retailer_account.updated', 'retailer-account', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_id IS NULL, '', ',"channel_id":' || json_quote(NEW.channel_id)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.seller_id IS NULL, '', ',"seller_id":' || json_quote(NEW.seller_id)), iif(NEW.marketplace_code IS NULL, '', ',"marketplace_code":' || json_quote(NEW.marketplace_code)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END)), iif(NEW.refresh_token IS NULL, '', ',"refresh_token":' || json_quote(CASE WHEN NEW.refresh_token IS NULL THEN NULL WHEN substr(NEW.refresh_token, 1, 3) = 'v1:' THEN substr(NEW.refresh_token, 5, CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5) THEN NEW.refresh_token ELSE '…' || iif(length(NEW.refresh_token) >= 12, substr(NEW.refresh_token, -4), '') END)), iif(NEW.token_expires_at IS NULL, '', ',"token_expires_at":' || json_quote(NEW.token_expires_at)), iif(NEW.connection_status IS NULL, '', ',"connection_status":' || json_quote(NEW.connection_status)), iif(NEW.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(NEW.last_synced_at)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.seller_id IS NULL, '', ',"seller_id":' || json_quote(OLD.seller_id)), iif(OLD.marketplace_code IS NULL, '', ',"marketplace_code":' || json_quote(OLD.marketplace_code)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN OLD.access_token IS NULL THEN NULL WHEN substr(OLD.access_token, 1, 3) = 'v1:' THEN substr(OLD.access_token, 5, CAST(substr(OLD.access_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.access_token, 1, 1) = '…' AND length(OLD.access_token) <= 5) THEN OLD.access_token ELSE '…' || iif(length(OLD.access_token) >= 12, substr(OLD.access_token, -4), '') END)), iif(OLD.refresh_token IS NULL, '', ',"refresh_token":' || json_quote(CASE WHEN OLD.refresh_token IS NULL THEN NULL WHEN substr(OLD.refresh_token, 1, 3) = 'v1:' THEN substr(OLD.refresh_token, 5, CAST(substr(OLD.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.refresh_token, 1, 1) = '…' AND length(OLD.refresh_token) <= 5) THEN OLD.refresh_token ELSE '…' || iif(length(OLD.refresh_token) >= 12, substr(OLD.refresh_token, -4), '') END)), iif(OLD.token_expires_at IS NULL, '', ',"token_expires_at":' || json_quote(OLD.token_expires_at)), iif(OLD.connection_status IS NULL, '', ',"connection_status":' || json_quote(OLD.connection_status)), iif(OLD.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(OLD.last_synced_at)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER retailer_accounts_event_deleted AFTER DELETE ON retailer_accounts BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'retailer_account.deleted', 'retailer-account', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_id IS NULL, '', ',"channel_id":' || json_quote(OLD.channel_id)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.seller_id IS NULL, '', ',"seller_id":' || json_quote(OLD.seller_id)), iif(OLD.marketplace_code IS NULL, '', ',"marketplace_code":' || json_quote(OLD.marketplace_code)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.access_token IS NULL, '', ',"access_token":' || json_quote(CASE WHEN OLD.access_token IS NULL THEN NULL WHEN substr(OLD.access_token, 1, 3) = 'v1:' THEN substr(OLD.access_token, 5, CAST(substr(OLD.access_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.access_token, 1, 1) = '…' AND length(OLD.access_token) <= 5) THEN OLD.access_token ELSE '…' || iif(length(OLD.access_token) >= 12, substr(OLD.access_token, -4), '') END)), iif(OLD.refresh_token IS NULL, '', ',"refresh_token":' || json_quote(CASE WHEN OLD.refresh_token IS NULL THEN NULL WHEN substr(OLD.refresh_token, 1, 3) = 'v1:' THEN substr(OLD.refresh_token, 5, CAST(substr(OLD.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.refresh_token, 1, 1) = '…' AND length(OLD.refresh_token) <= 5) THEN OLD.refresh_token ELSE '…' || iif(length(OLD.refresh_token) >= 12, substr(OLD.refresh_token, -4), '') END)), iif(OLD.token_expires_at IS NULL, '', ',"token_expires_at":' || json_quote(OLD.token_expires_at)), iif(OLD.connection_status IS NULL, '', ',"connection_status":' || json_quote(OLD.connection_status)), iif(OLD.last_synced_at IS NULL, '', ',"last_synced_at":' || json_quote(OLD.last_synced_at)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER retailer_accounts_seal_created AFTER INSERT ON retailer_accounts BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'retailer-account', NEW.id, 'accessToken', CASE WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.access_token END WHERE NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'retailer-account', NEW.id, 'refreshToken', CASE WHEN substr(NEW.refresh_token, 1, 3) = 'v1:' THEN substr(substr(NEW.refresh_token, 5 + CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.refresh_token, 5 + CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.refresh_token END WHERE NEW.refresh_token IS NOT NULL AND NOT (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE retailer_accounts SET access_token = CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END, refresh_token = CASE WHEN NEW.refresh_token IS NULL THEN NULL WHEN substr(NEW.refresh_token, 1, 3) = 'v1:' THEN substr(NEW.refresh_token, 5, CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5) THEN NEW.refresh_token ELSE '…' || iif(length(NEW.refresh_token) >= 12, substr(NEW.refresh_token, -4), '') END WHERE id = NEW.id AND ((NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5)) OR (NEW.refresh_token IS NOT NULL AND NOT (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5))); END;

CREATE TRIGGER retailer_accounts_seal_updated AFTER UPDATE OF access_token, refresh_token ON retailer_accounts BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'retailer-account', NEW.id, 'accessToken', CASE WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.access_token, 5 + CAST(substr(NEW.access_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.access_token END WHERE NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'retailer-account', NEW.id, 'refreshToken', CASE WHEN substr(NEW.refresh_token, 1, 3) = 'v1:' THEN substr(substr(NEW.refresh_token, 5 + CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.refresh_token, 5 + CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.refresh_token END WHERE NEW.refresh_token IS NOT NULL AND NOT (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE retailer_accounts SET access_token = CASE WHEN NEW.access_token IS NULL THEN NULL WHEN substr(NEW.access_token, 1, 3) = 'v1:' THEN substr(NEW.access_token, 5, CAST(substr(NEW.access_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5) THEN NEW.access_token ELSE '…' || iif(length(NEW.access_token) >= 12, substr(NEW.access_token, -4), '') END, refresh_token = CASE WHEN NEW.refresh_token IS NULL THEN NULL WHEN substr(NEW.refresh_token, 1, 3) = 'v1:' THEN substr(NEW.refresh_token, 5, CAST(substr(NEW.refresh_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5) THEN NEW.refresh_token ELSE '…' || iif(length(NEW.refresh_token) >= 12, substr(NEW.refresh_token, -4), '') END WHERE id = NEW.id AND ((NEW.access_token IS NOT NULL AND NOT (substr(NEW.access_token, 1, 1) = '…' AND length(NEW.access_token) <= 5)) OR (NEW.refresh_token IS NOT NULL AND NOT (substr(NEW.refresh_token, 1, 1) = '…' AND length(NEW.refresh_token) <= 5))); DELETE FROM sealed_values WHERE kind = 'retailer-account' AND record_id = NEW.id AND field = 'accessToken' AND NEW.access_token IS NULL; DELETE FROM sealed_values WHERE kind = 'retailer-account' AND record_id = NEW.id AND field = 'refreshToken' AND NEW.refresh_token IS NULL; END;

CREATE TRIGGER retailer_accounts_seal_deleted AFTER DELETE ON retailer_accounts BEGIN DELETE FROM sealed_values WHERE kind = 'retailer-account' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'retailer-account' AND record_id = OLD.id; END;

CREATE TRIGGER dropship_providers_event_created AFTER INSERT ON dropship_providers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider.created', 'dropship-provider', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(NEW.address_line_one)), iif(NEW.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(NEW.address_line_two)), iif(NEW.address_routing IS NULL, '', ',"address_routing":' || json_quote(NEW.address_routing)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.any_vendor IS NULL, '', ',"any_vendor":' || json_quote(NEW.any_vendor)), iif(NEW.apply_discount_code IS NULL, '', ',"apply_discount_code":' || json_quote(NEW.apply_discount_code)), iif(NEW.apply_return_penalty IS NULL, '', ',"apply_return_penalty":' || json_quote(NEW.apply_return_penalty)), iif(NEW.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END)), iif(NEW.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END)), iif(NEW.automatically_pickup IS NULL, '', ',"automatically_pickup":' || json_quote(NEW.automatically_pickup)), iif(NEW.automatically_send_label IS NULL, '', ',"automatically_send_label":' || json_quote(NEW.automatically_send_label)), iif(NEW.calculate_cost_prices IS NULL, '', ',"calculate_cost_prices":' || json_quote(NEW.calculate_cost_prices)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.combine_rates IS NULL, '', ',"combine_rates":' || json_quote(NEW.combine_rates)), iif(NEW.commission_gross_tax IS NULL, '', ',"commission_gross_tax":' || json_quote(NEW.commission_gross_tax)), iif(NEW.commission_method IS NULL, '', ',"commission_method":' || json_quote(NEW.commission_method)), iif(NEW.commission_price_inventory_feed_id IS NULL, '', ',"commission_price_inventory_feed_id":' || json_quote(NEW.commission_price_inventory_feed_id)), iif(NEW.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(NEW.commission_rate)), iif(NEW.commission_rate_base IS NULL, '', ',"commission_rate_base":' || json_quote(NEW.commission_rate_base)), iif(NEW.commission_rate_discount IS NULL, '', ',"commission_rate_discount":' || json_quote(NEW.commission_rate_discount)), iif(NEW.commission_rate_discount_codes IS NULL, '', ',"commission_rate_discount_codes":' || json_quote(NEW.commission_rate_discount_codes)), iif(NEW.commission_rate_discount_scope IS NULL, '', ',"commission_rate_discount_scope":' || json_quote(NEW.commission_rate_discount_scope)), iif(NEW.commission_rate_discount_split IS NULL, '', ',"commission_rate_discount_split":' || json_quote(NEW.commission_rate_discount_split)), iif(NEW.commission_rate_endpoint IS NULL, '', ',"commission_rate_endpoint":' || json_quote(NEW.commission_rate_endpoint)), iif(NEW.commission_rate_endpoint_hash IS NULL, '', ',"commission_rate_endpoint_hash":' || json_quote(CASE WHEN NEW.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(NEW.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(NEW.commission_rate_endpoint_hash, 5, CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5) THEN NEW.commission_rate_endpoint_hash ELSE '…' || iif(length(NEW.commission_rate_endpoint_hash) >= 12, substr(NEW.commission_rate_endpoint_hash, -4), '') END)), iif(NEW.commission_rate_fixed_type IS NULL, '', ',"commission_rate_fixed_type":' || json_quote(NEW.commission_rate_fixed_type)), iif(NEW.contact_name IS NULL, '', ',"contact_name":' || json_quote(NEW.contact_name)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.default_carrier IS NULL, '', ',"default_carrier":' || json_quote(NEW.default_carrier)), iif(NEW.default_service IS NULL, '', ',"default_service":' || json_quote(NEW.default_service)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.handling_price IS NULL, '', ',"handling_price":' || json_quote(NEW.handling_price)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(NEW.payment_terms_days)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.purchase_endpoint IS NULL, '', ',"purchase_endpoint":' || json_quote(NEW.purchase_endpoint)), iif(NEW.purchase_format IS NULL, '', ',"purchase_format":' || json_quote(NEW.purchase_format)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_providers_event_updated AFTER UPDATE ON dropship_providers WHEN OLD.company_id IS NOT NEW.company_id OR OLD.address_line_one IS NOT NEW.address_line_one OR OLD.address_line_two IS NOT NEW.address_line_two OR OLD.address_routing IS NOT NEW.address_routing OR OLD.admin_notes IS NOT NEW.admin_notes OR OLD.any_vendor IS NOT NEW.any_vendor OR OLD.apply_discount_code IS NOT NEW.apply_discount_code OR OLD.apply_return_penalty IS NOT NEW.apply_return_penalty OR CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END IS NOT CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END OR CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END IS NOT CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END OR OLD.automatically_pickup IS NOT NEW.automatically_pickup OR OLD.automatically_send_label IS NOT NEW.automatically_send_label OR OLD.calculate_cost_prices IS NOT NEW.calculate_cost_prices OR OLD.city IS NOT NEW.city OR OLD.combine_rates IS NOT NEW.combine_rates OR OLD.commission_gross_tax IS NOT NEW.commission_gross_tax OR OLD.commission_method IS NOT NEW.commission_method OR OLD.commission_price_inventory_feed_id IS NOT NEW.commission_price_inventory_feed_id OR OLD.commission_rate IS NOT NEW.commission_rate OR OLD.commission_rate_base IS NOT NEW.commission_rate_base OR OLD.commission_rate_discount IS NOT NEW.commission_rate_discount OR OLD.commission_rate_discount_codes IS NOT NEW.commission_rate_discount_codes OR OLD.commission_rate_discount_scope IS NOT NEW.commission_rate_discount_scope OR OLD.commission_rate_discount_split IS NOT NEW.commission_rate_discount_split OR OLD.commission_rate_endpoint IS NOT NEW.commission_rate_endpoint OR CASE WHEN OLD.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(OLD.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(OLD.commission_rate_endpoint_hash, 5, CAST(substr(OLD.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.commission_rate_endpoint_hash, 1, 1) = '…' AND length(OLD.commission_rate_endpoint_hash) <= 5) THEN OLD.commission_rate_endpoint_hash ELSE '…' || iif(length(OLD.commission_rate_endpoint_hash) >= 12, substr(OLD.commission_rate_endpoint_hash, -4), '') END IS NOT CASE WHEN NEW.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(NEW.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(NEW.commission_rate_endpoint_hash, 5, CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5) THEN NEW.commission_rate_endpoint_hash ELSE '…' || iif(length(NEW.commission_rate_endpoint_hash) >= 12, substr(NEW.commission_rate_endpoint_hash, -4), '') END OR OLD.commission_rate_fixed_type IS NOT NEW.commission_rate_fixed_type OR OLD.contact_name IS NOT NEW.contact_name OR OLD.country IS NOT NEW.country OR OLD.currency IS NOT NEW.currency OR OLD.default_carrier IS NOT NEW.default_carrier OR OLD.default_service IS NOT NEW.default_service OR OLD.email IS NOT NEW.email OR OLD.enabled IS NOT NEW.enabled OR OLD.handling_price IS NOT NEW.handling_price OR OLD.name IS NOT NEW.name OR OLD.payment_terms_days IS NOT NEW.payment_terms_days OR OLD.phone IS NOT NEW.phone OR OLD.purchase_endpoint IS NOT NEW.purchase_endpoint OR OLD.purchase_format IS NOT NEW.purchase_format OR CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END IS NOT CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END OR OLD.state IS NOT NEW.state OR OLD.zip IS NOT NEW.zip BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider.updated', 'dropship-provider', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(NEW.address_line_one)), iif(NEW.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(NEW.address_line_two)), iif(NEW.address_routing IS NULL, '', ',"address_routing":' || json_quote(NEW.address_routing)), iif(NEW.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(NEW.admin_notes)), iif(NEW.any_vendor IS NULL, '', ',"any_vendor":' || json_quote(NEW.any_vendor)), iif(NEW.apply_discount_code IS NULL, '', ',"apply_discount_code":' || json_quote(NEW.apply_discount_code)), iif(NEW.apply_return_penalty IS NULL, '', ',"apply_return_penalty":' || json_quote(NEW.apply_return_penalty)), iif(NEW.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END)), iif(NEW.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END)), iif(NEW.automatically_pickup IS NULL, '', ',"automatically_pickup":' || json_quote(NEW.automatically_pickup)), iif(NEW.automatically_send_label IS NULL, '', ',"automatically_send_label":' || json_quote(NEW.automatically_send_label)), iif(NEW.calculate_cost_prices IS NULL, '', ',"calculate_cost_prices":' || json_quote(NEW.calculate_cost_prices)), iif(NEW.city IS NULL, '', ',"city":' || json_quote(NEW.city)), iif(NEW.combine_rates IS NULL, '', ',"combine_rates":' || json_quote(NEW.combine_rates)), iif(NEW.commission_gross_tax IS NULL, '', ',"commission_gross_tax":' || json_quote(NEW.commission_gross_tax)), iif(NEW.commission_method IS NULL, '', ',"commission_method":' || json_quote(NEW.commission_method)), iif(NEW.commission_price_inventory_feed_id IS NULL, '', ',"commission_price_inventory_feed_id":' || json_quote(NEW.commission_price_inventory_feed_id)), iif(NEW.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(NEW.commission_rate)), iif(NEW.commission_rate_base IS NULL, '', ',"commission_rate_base":' || json_quote(NEW.commission_rate_base)), iif(NEW.commission_rate_discount IS NULL, '', ',"commission_rate_discount":' || json_quote(NEW.commission_rate_discount)), iif(NEW.commission_rate_discount_codes IS NULL, '', ',"commission_rate_discount_codes":' || json_quote(NEW.commission_rate_discount_codes)), iif(NEW.commission_rate_discount_scope IS NULL, '', ',"commission_rate_discount_scope":' || json_quote(NEW.commission_rate_discount_scope)), iif(NEW.commission_rate_discount_split IS NULL, '', ',"commission_rate_discount_split":' || json_quote(NEW.commission_rate_discount_split)), iif(NEW.commission_rate_endpoint IS NULL, '', ',"commission_rate_endpoint":' || json_quote(NEW.commission_rate_endpoint)), iif(NEW.commission_rate_endpoint_hash IS NULL, '', ',"commission_rate_endpoint_hash":' || json_quote(CASE WHEN NEW.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(NEW.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(NEW.commission_rate_endpoint_hash, 5, CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5) THEN NEW.commission_rate_endpoint_hash ELSE '…' || iif(length(NEW.commission_rate_endpoint_hash) >= 12, substr(NEW.commission_rate_endpoint_hash, -4), '') END)), iif(NEW.commission_rate_fixed_type IS NULL, '', ',"commission_rate_fixed_type":' || json_quote(NEW.commission_rate_fixed_type)), iif(NEW.contact_name IS NULL, '', ',"contact_name":' || json_quote(NEW.contact_name)), iif(NEW.country IS NULL, '', ',"country":' || json_quote(NEW.country)), iif(NEW.currency IS NULL, '', ',"currency":' || json_quote(NEW.currency)), iif(NEW.default_carrier IS NULL, '', ',"default_carrier":' || json_quote(NEW.default_carrier)), iif(NEW.default_service IS NULL, '', ',"default_service":' || json_quote(NEW.default_service)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.enabled IS NULL, '', ',"enabled":' || json_quote(NEW.enabled)), iif(NEW.handling_price IS NULL, '', ',"handling_price":' || json_quote(NEW.handling_price)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(NEW.payment_terms_days)), iif(NEW.phone IS NULL, '', ',"phone":' || json_quote(NEW.phone)), iif(NEW.purchase_endpoint IS NULL, '', ',"purchase_endpoint":' || json_quote(NEW.purchase_endpoint)), iif(NEW.purchase_format IS NULL, '', ',"purchase_format":' || json_quote(NEW.purchase_format)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), iif(NEW.state IS NULL, '', ',"state":' || json_quote(NEW.state)), iif(NEW.zip IS NULL, '', ',"zip":' || json_quote(NEW.zip)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(OLD.address_line_one)), iif(OLD.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(OLD.address_line_two)), iif(OLD.address_routing IS NULL, '', ',"address_routing":' || json_quote(OLD.address_routing)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.any_vendor IS NULL, '', ',"any_vendor":' || json_quote(OLD.any_vendor)), iif(OLD.apply_discount_code IS NULL, '', ',"apply_discount_code":' || json_quote(OLD.apply_discount_code)), iif(OLD.apply_return_penalty IS NULL, '', ',"apply_return_penalty":' || json_quote(OLD.apply_return_penalty)), iif(OLD.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END)), iif(OLD.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END)), iif(OLD.automatically_pickup IS NULL, '', ',"automatically_pickup":' || json_quote(OLD.automatically_pickup)), iif(OLD.automatically_send_label IS NULL, '', ',"automatically_send_label":' || json_quote(OLD.automatically_send_label)), iif(OLD.calculate_cost_prices IS NULL, '', ',"calculate_cost_prices":' || json_quote(OLD.calculate_cost_prices)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.combine_rates IS NULL, '', ',"combine_rates":' || json_quote(OLD.combine_rates)), iif(OLD.commission_gross_tax IS NULL, '', ',"commission_gross_tax":' || json_quote(OLD.commission_gross_tax)), iif(OLD.commission_method IS NULL, '', ',"commission_method":' || json_quote(OLD.commission_method)), iif(OLD.commission_price_inventory_feed_id IS NULL, '', ',"commission_price_inventory_feed_id":' || json_quote(OLD.commission_price_inventory_feed_id)), iif(OLD.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(OLD.commission_rate)), iif(OLD.commission_rate_base IS NULL, '', ',"commission_rate_base":' || json_quote(OLD.commission_rate_base)), iif(OLD.commission_rate_discount IS NULL, '', ',"commission_rate_discount":' || json_quote(OLD.commission_rate_discount)), iif(OLD.commission_rate_discount_codes IS NULL, '', ',"commission_rate_discount_codes":' || json_quote(OLD.commission_rate_discount_codes)), iif(OLD.commission_rate_discount_scope IS NULL, '', ',"commission_rate_discount_scope":' || json_quote(OLD.commission_rate_discount_scope)), iif(OLD.commission_rate_discount_split IS NULL, '', ',"commission_rate_discount_split":' || json_quote(OLD.commission_rate_discount_split)), iif(OLD.commission_rate_endpoint IS NULL, '', ',"commission_rate_endpoint":' || json_quote(OLD.commission_rate_endpoint)), iif(OLD.commission_rate_endpoint_hash IS NULL, '', ',"commission_rate_endpoint_hash":' || json_quote(CASE WHEN OLD.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(OLD.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(OLD.commission_rate_endpoint_hash, 5, CAST(substr(OLD.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.commission_rate_endpoint_hash, 1, 1) = '…' AND length(OLD.commission_rate_endpoint_hash) <= 5) THEN OLD.commission_rate_endpoint_hash ELSE '…' || iif(length(OLD.commission_rate_endpoint_hash) >= 12, substr(OLD.commission_rate_endpoint_hash, -4), '') END)), iif(OLD.commission_rate_fixed_type IS NULL, '', ',"commission_rate_fixed_type":' || json_quote(OLD.commission_rate_fixed_type)), iif(OLD.contact_name IS NULL, '', ',"contact_name":' || json_quote(OLD.contact_name)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.default_carrier IS NULL, '', ',"default_carrier":' || json_quote(OLD.default_carrier)), iif(OLD.default_service IS NULL, '', ',"default_service":' || json_quote(OLD.default_service)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.handling_price IS NULL, '', ',"handling_price":' || json_quote(OLD.handling_price)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(OLD.payment_terms_days)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.purchase_endpoint IS NULL, '', ',"purchase_endpoint":' || json_quote(OLD.purchase_endpoint)), iif(OLD.purchase_format IS NULL, '', ',"purchase_format":' || json_quote(OLD.purchase_format)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_providers_event_deleted AFTER DELETE ON dropship_providers BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider.deleted', 'dropship-provider', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.address_line_one IS NULL, '', ',"address_line_one":' || json_quote(OLD.address_line_one)), iif(OLD.address_line_two IS NULL, '', ',"address_line_two":' || json_quote(OLD.address_line_two)), iif(OLD.address_routing IS NULL, '', ',"address_routing":' || json_quote(OLD.address_routing)), iif(OLD.admin_notes IS NULL, '', ',"admin_notes":' || json_quote(OLD.admin_notes)), iif(OLD.any_vendor IS NULL, '', ',"any_vendor":' || json_quote(OLD.any_vendor)), iif(OLD.apply_discount_code IS NULL, '', ',"apply_discount_code":' || json_quote(OLD.apply_discount_code)), iif(OLD.apply_return_penalty IS NULL, '', ',"apply_return_penalty":' || json_quote(OLD.apply_return_penalty)), iif(OLD.authentication_secret IS NULL, '', ',"authentication_secret":' || json_quote(CASE WHEN OLD.authentication_secret IS NULL THEN NULL WHEN substr(OLD.authentication_secret, 1, 3) = 'v1:' THEN substr(OLD.authentication_secret, 5, CAST(substr(OLD.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_secret, 1, 1) = '…' AND length(OLD.authentication_secret) <= 5) THEN OLD.authentication_secret ELSE '…' || iif(length(OLD.authentication_secret) >= 12, substr(OLD.authentication_secret, -4), '') END)), iif(OLD.authentication_token IS NULL, '', ',"authentication_token":' || json_quote(CASE WHEN OLD.authentication_token IS NULL THEN NULL WHEN substr(OLD.authentication_token, 1, 3) = 'v1:' THEN substr(OLD.authentication_token, 5, CAST(substr(OLD.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(OLD.authentication_token, 1, 1) = '…' AND length(OLD.authentication_token) <= 5) THEN OLD.authentication_token ELSE '…' || iif(length(OLD.authentication_token) >= 12, substr(OLD.authentication_token, -4), '') END)), iif(OLD.automatically_pickup IS NULL, '', ',"automatically_pickup":' || json_quote(OLD.automatically_pickup)), iif(OLD.automatically_send_label IS NULL, '', ',"automatically_send_label":' || json_quote(OLD.automatically_send_label)), iif(OLD.calculate_cost_prices IS NULL, '', ',"calculate_cost_prices":' || json_quote(OLD.calculate_cost_prices)), iif(OLD.city IS NULL, '', ',"city":' || json_quote(OLD.city)), iif(OLD.combine_rates IS NULL, '', ',"combine_rates":' || json_quote(OLD.combine_rates)), iif(OLD.commission_gross_tax IS NULL, '', ',"commission_gross_tax":' || json_quote(OLD.commission_gross_tax)), iif(OLD.commission_method IS NULL, '', ',"commission_method":' || json_quote(OLD.commission_method)), iif(OLD.commission_price_inventory_feed_id IS NULL, '', ',"commission_price_inventory_feed_id":' || json_quote(OLD.commission_price_inventory_feed_id)), iif(OLD.commission_rate IS NULL, '', ',"commission_rate":' || json_quote(OLD.commission_rate)), iif(OLD.commission_rate_base IS NULL, '', ',"commission_rate_base":' || json_quote(OLD.commission_rate_base)), iif(OLD.commission_rate_discount IS NULL, '', ',"commission_rate_discount":' || json_quote(OLD.commission_rate_discount)), iif(OLD.commission_rate_discount_codes IS NULL, '', ',"commission_rate_discount_codes":' || json_quote(OLD.commission_rate_discount_codes)), iif(OLD.commission_rate_discount_scope IS NULL, '', ',"commission_rate_discount_scope":' || json_quote(OLD.commission_rate_discount_scope)), iif(OLD.commission_rate_discount_split IS NULL, '', ',"commission_rate_discount_split":' || json_quote(OLD.commission_rate_discount_split)), iif(OLD.commission_rate_endpoint IS NULL, '', ',"commission_rate_endpoint":' || json_quote(OLD.commission_rate_endpoint)), iif(OLD.commission_rate_endpoint_hash IS NULL, '', ',"commission_rate_endpoint_hash":' || json_quote(CASE WHEN OLD.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(OLD.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(OLD.commission_rate_endpoint_hash, 5, CAST(substr(OLD.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(OLD.commission_rate_endpoint_hash, 1, 1) = '…' AND length(OLD.commission_rate_endpoint_hash) <= 5) THEN OLD.commission_rate_endpoint_hash ELSE '…' || iif(length(OLD.commission_rate_endpoint_hash) >= 12, substr(OLD.commission_rate_endpoint_hash, -4), '') END)), iif(OLD.commission_rate_fixed_type IS NULL, '', ',"commission_rate_fixed_type":' || json_quote(OLD.commission_rate_fixed_type)), iif(OLD.contact_name IS NULL, '', ',"contact_name":' || json_quote(OLD.contact_name)), iif(OLD.country IS NULL, '', ',"country":' || json_quote(OLD.country)), iif(OLD.currency IS NULL, '', ',"currency":' || json_quote(OLD.currency)), iif(OLD.default_carrier IS NULL, '', ',"default_carrier":' || json_quote(OLD.default_carrier)), iif(OLD.default_service IS NULL, '', ',"default_service":' || json_quote(OLD.default_service)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.enabled IS NULL, '', ',"enabled":' || json_quote(OLD.enabled)), iif(OLD.handling_price IS NULL, '', ',"handling_price":' || json_quote(OLD.handling_price)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.payment_terms_days IS NULL, '', ',"payment_terms_days":' || json_quote(OLD.payment_terms_days)), iif(OLD.phone IS NULL, '', ',"phone":' || json_quote(OLD.phone)), iif(OLD.purchase_endpoint IS NULL, '', ',"purchase_endpoint":' || json_quote(OLD.purchase_endpoint)), iif(OLD.purchase_format IS NULL, '', ',"purchase_format":' || json_quote(OLD.purchase_format)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), iif(OLD.state IS NULL, '', ',"state":' || json_quote(OLD.state)), iif(OLD.zip IS NULL, '', ',"zip":' || json_quote(OLD.zip)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_providers_seal_created AFTER INSERT ON dropship_providers BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'authenticationSecret', CASE WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_secret END WHERE NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'authenticationToken', CASE WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_token END WHERE NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'commissionRateEndpointHash', CASE WHEN substr(NEW.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(substr(NEW.commission_rate_endpoint_hash, 5 + CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.commission_rate_endpoint_hash, 5 + CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.commission_rate_endpoint_hash END WHERE NEW.commission_rate_endpoint_hash IS NOT NULL AND NOT (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE dropship_providers SET authentication_secret = CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END, authentication_token = CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END, commission_rate_endpoint_hash = CASE WHEN NEW.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(NEW.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(NEW.commission_rate_endpoint_hash, 5, CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5) THEN NEW.commission_rate_endpoint_hash ELSE '…' || iif(length(NEW.commission_rate_endpoint_hash) >= 12, substr(NEW.commission_rate_endpoint_hash, -4), '') END, signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5)) OR (NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5)) OR (NEW.commission_rate_endpoint_hash IS NOT NULL AND NOT (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5)) OR (NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); END;

CREATE TRIGGER dropship_providers_seal_updated AFTER UPDATE OF authentication_secret, authentication_token, commission_rate_endpoint_hash, signing_secret ON dropship_providers BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'authenticationSecret', CASE WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_secret, 5 + CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_secret END WHERE NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'authenticationToken', CASE WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.authentication_token, 5 + CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.authentication_token END WHERE NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'commissionRateEndpointHash', CASE WHEN substr(NEW.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(substr(NEW.commission_rate_endpoint_hash, 5 + CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.commission_rate_endpoint_hash, 5 + CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.commission_rate_endpoint_hash END WHERE NEW.commission_rate_endpoint_hash IS NOT NULL AND NOT (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'dropship-provider', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE dropship_providers SET authentication_secret = CASE WHEN NEW.authentication_secret IS NULL THEN NULL WHEN substr(NEW.authentication_secret, 1, 3) = 'v1:' THEN substr(NEW.authentication_secret, 5, CAST(substr(NEW.authentication_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5) THEN NEW.authentication_secret ELSE '…' || iif(length(NEW.authentication_secret) >= 12, substr(NEW.authentication_secret, -4), '') END, authentication_token = CASE WHEN NEW.authentication_token IS NULL THEN NULL WHEN substr(NEW.authentication_token, 1, 3) = 'v1:' THEN substr(NEW.authentication_token, 5, CAST(substr(NEW.authentication_token, 4, 1) AS INTEGER)) WHEN (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5) THEN NEW.authentication_token ELSE '…' || iif(length(NEW.authentication_token) >= 12, substr(NEW.authentication_token, -4), '') END, commission_rate_endpoint_hash = CASE WHEN NEW.commission_rate_endpoint_hash IS NULL THEN NULL WHEN substr(NEW.commission_rate_endpoint_hash, 1, 3) = 'v1:' THEN substr(NEW.commission_rate_endpoint_hash, 5, CAST(substr(NEW.commission_rate_endpoint_hash, 4, 1) AS INTEGER)) WHEN (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5) THEN NEW.commission_rate_endpoint_hash ELSE '…' || iif(length(NEW.commission_rate_endpoint_hash) >= 12, substr(NEW.commission_rate_endpoint_hash, -4), '') END, signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.authentication_secret IS NOT NULL AND NOT (substr(NEW.authentication_secret, 1, 1) = '…' AND length(NEW.authentication_secret) <= 5)) OR (NEW.authentication_token IS NOT NULL AND NOT (substr(NEW.authentication_token, 1, 1) = '…' AND length(NEW.authentication_token) <= 5)) OR (NEW.commission_rate_endpoint_hash IS NOT NULL AND NOT (substr(NEW.commission_rate_endpoint_hash, 1, 1) = '…' AND length(NEW.commission_rate_endpoint_hash) <= 5)) OR (NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); DELETE FROM sealed_values WHERE kind = 'dropship-provider' AND record_id = NEW.id AND field = 'authenticationSecret' AND NEW.authentication_secret IS NULL; DELETE FROM sealed_values WHERE kind = 'dropship-provider' AND record_id = NEW.id AND field = 'authenticationToken' AND NEW.authentication_token IS NULL; DELETE FROM sealed_values WHERE kind = 'dropship-provider' AND record_id = NEW.id AND field = 'commissionRateEndpointHash' AND NEW.commission_rate_endpoint_hash IS NULL; DELETE FROM sealed_values WHERE kind = 'dropship-provider' AND record_id = NEW.id AND field = 'signingSecret' AND NEW.signing_secret IS NULL; END;

CREATE TRIGGER accounting_integrations_event_created AFTER INSERT ON accounting_integrations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'accounting_integration.created', 'accounting-integration', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_endpoint IS NULL, '', ',"dropship_endpoint":' || json_quote(NEW.dropship_endpoint)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.replenishment_endpoint IS NULL, '', ',"replenishment_endpoint":' || json_quote(NEW.replenishment_endpoint)), iif(NEW.sale_endpoint IS NULL, '', ',"sale_endpoint":' || json_quote(NEW.sale_endpoint)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER accounting_integrations_event_updated AFTER UPDATE ON accounting_integrations WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_endpoint IS NOT NEW.dropship_endpoint OR OLD.name IS NOT NEW.name OR OLD.replenishment_endpoint IS NOT NEW.replenishment_endpoint OR OLD.sale_endpoint IS NOT NEW.sale_endpoint OR CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END IS NOT CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'accounting_integration.updated', 'accounting-integration', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_endpoint IS NULL, '', ',"dropship_endpoint":' || json_quote(NEW.dropship_endpoint)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.replenishment_endpoint IS NULL, '', ',"replenishment_endpoint":' || json_quote(NEW.replenishment_endpoint)), iif(NEW.sale_endpoint IS NULL, '', ',"sale_endpoint":' || json_quote(NEW.sale_endpoint)), iif(NEW.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_endpoint IS NULL, '', ',"dropship_endpoint":' || json_quote(OLD.dropship_endpoint)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.replenishment_endpoint IS NULL, '', ',"replenishment_endpoint":' || json_quote(OLD.replenishment_endpoint)), iif(OLD.sale_endpoint IS NULL, '', ',"sale_endpoint":' || json_quote(OLD.sale_endpoint)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER accounting_integrations_event_deleted AFTER DELETE ON accounting_integrations BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'accounting_integration.deleted', 'accounting-integration', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_endpoint IS NULL, '', ',"dropship_endpoint":' || json_quote(OLD.dropship_endpoint)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.replenishment_endpoint IS NULL, '', ',"replenishment_endpoint":' || json_quote(OLD.replenishment_endpoint)), iif(OLD.sale_endpoint IS NULL, '', ',"sale_endpoint":' || json_quote(OLD.sale_endpoint)), iif(OLD.signing_secret IS NULL, '', ',"signing_secret":' || json_quote(CASE WHEN OLD.signing_secret IS NULL THEN NULL WHEN substr(OLD.signing_secret, 1, 3) = 'v1:' THEN substr(OLD.signing_secret, 5, CAST(substr(OLD.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(OLD.signing_secret, 1, 1) = '…' AND length(OLD.signing_secret) <= 5) THEN OLD.signing_secret ELSE '…' || iif(length(OLD.signing_secret) >= 12, substr(OLD.signing_secret, -4), '') END)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER accounting_integrations_seal_created AFTER INSERT ON accounting_integrations BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'accounting-integration', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE accounting_integrations SET signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); END;

CREATE TRIGGER accounting_integrations_seal_updated AFTER UPDATE OF signing_secret ON accounting_integrations BEGIN INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, 'accounting-integration', NEW.id, 'signingSecret', CASE WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2 + instr(substr(substr(NEW.signing_secret, 5 + CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)), 2), ':')) ELSE 'plain:' || NEW.signing_secret END WHERE NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id; UPDATE accounting_integrations SET signing_secret = CASE WHEN NEW.signing_secret IS NULL THEN NULL WHEN substr(NEW.signing_secret, 1, 3) = 'v1:' THEN substr(NEW.signing_secret, 5, CAST(substr(NEW.signing_secret, 4, 1) AS INTEGER)) WHEN (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5) THEN NEW.signing_secret ELSE '…' || iif(length(NEW.signing_secret) >= 12, substr(NEW.signing_secret, -4), '') END WHERE id = NEW.id AND ((NEW.signing_secret IS NOT NULL AND NOT (substr(NEW.signing_secret, 1, 1) = '…' AND length(NEW.signing_secret) <= 5))); DELETE FROM sealed_values WHERE kind = 'accounting-integration' AND record_id = NEW.id AND field = 'signingSecret' AND NEW.signing_secret IS NULL; END;

CREATE TRIGGER accounting_integrations_seal_deleted AFTER DELETE ON accounting_integrations BEGIN DELETE FROM sealed_values WHERE kind = 'accounting-integration' AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = 'accounting-integration' AND record_id = OLD.id; END;

CREATE TRIGGER channel_variant_imports_event_created AFTER INSERT ON channel_variant_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_variant_import.created', 'channel-variant-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(NEW.channel_variant_id)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.inventory_policy IS NULL, '', ',"inventory_policy":' || json_quote(NEW.inventory_policy)), iif(NEW.product_payload IS NULL, '', ',"product_payload":' || json_quote(NEW.product_payload)), iif(NEW.result IS NULL, '', ',"result":' || json_quote(NEW.result)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.variant_payload IS NULL, '', ',"variant_payload":' || json_quote(NEW.variant_payload)), iif(NEW.variant_result IS NULL, '', ',"variant_result":' || json_quote(NEW.variant_result)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variant_imports_event_updated AFTER UPDATE ON channel_variant_imports WHEN OLD.company_id IS NOT NEW.company_id OR OLD.channel_variant_id IS NOT NEW.channel_variant_id OR OLD.cost_price IS NOT NEW.cost_price OR OLD.grams IS NOT NEW.grams OR OLD.inventory_policy IS NOT NEW.inventory_policy OR OLD.product_payload IS NOT NEW.product_payload OR OLD.result IS NOT NEW.result OR OLD.sku IS NOT NEW.sku OR OLD.variant_payload IS NOT NEW.variant_payload OR OLD.variant_result IS NOT NEW.variant_result BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'channel_variant_import.updated', 'channel-variant-import', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(NEW.channel_variant_id)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.grams IS NULL, '', ',"grams":' || json_quote(NEW.grams)), iif(NEW.inventory_policy IS NULL, '', ',"inventory_policy":' || json_quote(NEW.inventory_policy)), iif(NEW.product_payload IS NULL, '', ',"product_payload":' || json_quote(NEW.product_payload)), iif(NEW.result IS NULL, '', ',"result":' || json_quote(NEW.result)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.variant_payload IS NULL, '', ',"variant_payload":' || json_quote(NEW.variant_payload)), iif(NEW.variant_result IS NULL, '', ',"variant_result":' || json_quote(NEW.variant_result)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(OLD.channel_variant_id)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.inventory_policy IS NULL, '', ',"inventory_policy":' || json_quote(OLD.inventory_policy)), iif(OLD.product_payload IS NULL, '', ',"product_payload":' || json_quote(OLD.product_payload)), iif(OLD.result IS NULL, '', ',"result":' || json_quote(OLD.result)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.variant_payload IS NULL, '', ',"variant_payload":' || json_quote(OLD.variant_payload)), iif(OLD.variant_result IS NULL, '', ',"variant_result":' || json_quote(OLD.variant_result)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER channel_variant_imports_event_deleted AFTER DELETE ON channel_variant_imports BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'channel_variant_import.deleted', 'channel-variant-import', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.channel_variant_id IS NULL, '', ',"channel_variant_id":' || json_quote(OLD.channel_variant_id)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.grams IS NULL, '', ',"grams":' || json_quote(OLD.grams)), iif(OLD.inventory_policy IS NULL, '', ',"inventory_policy":' || json_quote(OLD.inventory_policy)), iif(OLD.product_payload IS NULL, '', ',"product_payload":' || json_quote(OLD.product_payload)), iif(OLD.result IS NULL, '', ',"result":' || json_quote(OLD.result)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.variant_payload IS NULL, '', ',"variant_payload":' || json_quote(OLD.variant_payload)), iif(OLD.variant_result IS NULL, '', ',"variant_result":' || json_quote(OLD.variant_result)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_levels_event_created AFTER INSERT ON inventory_levels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_level.created', 'inventory-level', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.on_hand IS NULL, '', ',"on_hand":' || json_quote(NEW.on_hand)), iif(NEW.allocated IS NULL, '', ',"allocated":' || json_quote(NEW.allocated)), iif(NEW.location IS NULL, '', ',"location":' || json_quote(NEW.location)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_levels_event_updated AFTER UPDATE ON inventory_levels WHEN OLD.company_id IS NOT NEW.company_id OR OLD.variant_id IS NOT NEW.variant_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.on_hand IS NOT NEW.on_hand OR OLD.allocated IS NOT NEW.allocated OR OLD.location IS NOT NEW.location BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'inventory_level.updated', 'inventory-level', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.variant_id IS NULL, '', ',"variant_id":' || json_quote(NEW.variant_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.on_hand IS NULL, '', ',"on_hand":' || json_quote(NEW.on_hand)), iif(NEW.allocated IS NULL, '', ',"allocated":' || json_quote(NEW.allocated)), iif(NEW.location IS NULL, '', ',"location":' || json_quote(NEW.location)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.on_hand IS NULL, '', ',"on_hand":' || json_quote(OLD.on_hand)), iif(OLD.allocated IS NULL, '', ',"allocated":' || json_quote(OLD.allocated)), iif(OLD.location IS NULL, '', ',"location":' || json_quote(OLD.location)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER inventory_levels_event_deleted AFTER DELETE ON inventory_levels BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'inventory_level.deleted', 'inventory-level', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.variant_id IS NULL, '', ',"variant_id":' || json_quote(OLD.variant_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.on_hand IS NULL, '', ',"on_hand":' || json_quote(OLD.on_hand)), iif(OLD.allocated IS NULL, '', ',"allocated":' || json_quote(OLD.allocated)), iif(OLD.location IS NULL, '', ',"location":' || json_quote(OLD.location)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_users_event_created AFTER INSERT ON dropship_provider_users BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_user.created', 'dropship-provider-user', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.receives_purchase_orders IS NULL, '', ',"receives_purchase_orders":' || json_quote(NEW.receives_purchase_orders)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_users_event_updated AFTER UPDATE ON dropship_provider_users WHEN OLD.company_id IS NOT NEW.company_id OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.email IS NOT NEW.email OR OLD.name IS NOT NEW.name OR OLD.receives_purchase_orders IS NOT NEW.receives_purchase_orders BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'dropship_provider_user.updated', 'dropship-provider-user', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.email IS NULL, '', ',"email":' || json_quote(NEW.email)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.receives_purchase_orders IS NULL, '', ',"receives_purchase_orders":' || json_quote(NEW.receives_purchase_orders)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.receives_purchase_orders IS NULL, '', ',"receives_purchase_orders":' || json_quote(OLD.receives_purchase_orders)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER dropship_provider_users_event_deleted AFTER DELETE ON dropship_provider_users BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'dropship_provider_user.deleted', 'dropship-provider-user', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.email IS NULL, '', ',"email":' || json_quote(OLD.email)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.receives_purchase_orders IS NULL, '', ',"receives_purchase_orders":' || json_quote(OLD.receives_purchase_orders)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variants_event_created AFTER INSERT ON variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'variant.created', 'variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.product_id IS NULL, '', ',"product_id":' || json_quote(NEW.product_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.barcode IS NULL, '', ',"barcode":' || json_quote(NEW.barcode)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(NEW.compare_at_price)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.weight IS NULL, '', ',"weight":' || json_quote(NEW.weight)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), iif(NEW.vendor_sku IS NULL, '', ',"vendor_sku":' || json_quote(NEW.vendor_sku)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.hs_code IS NULL, '', ',"hs_code":' || json_quote(NEW.hs_code)), iif(NEW.country_of_origin IS NULL, '', ',"country_of_origin":' || json_quote(NEW.country_of_origin)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variants_event_updated AFTER UPDATE ON variants WHEN OLD.company_id IS NOT NEW.company_id OR OLD.product_id IS NOT NEW.product_id OR OLD.sku IS NOT NEW.sku OR OLD.name IS NOT NEW.name OR OLD.barcode IS NOT NEW.barcode OR OLD.price IS NOT NEW.price OR OLD.compare_at_price IS NOT NEW.compare_at_price OR OLD.cost_price IS NOT NEW.cost_price OR OLD.weight IS NOT NEW.weight OR OLD.dropship_provider_id IS NOT NEW.dropship_provider_id OR OLD.vendor_id IS NOT NEW.vendor_id OR OLD.vendor_sku IS NOT NEW.vendor_sku OR OLD.external_id IS NOT NEW.external_id OR OLD.hs_code IS NOT NEW.hs_code OR OLD.country_of_origin IS NOT NEW.country_of_origin OR OLD.tags IS NOT NEW.tags BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'variant.updated', 'variant', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.product_id IS NULL, '', ',"product_id":' || json_quote(NEW.product_id)), iif(NEW.sku IS NULL, '', ',"sku":' || json_quote(NEW.sku)), iif(NEW.name IS NULL, '', ',"name":' || json_quote(NEW.name)), iif(NEW.barcode IS NULL, '', ',"barcode":' || json_quote(NEW.barcode)), iif(NEW.price IS NULL, '', ',"price":' || json_quote(NEW.price)), iif(NEW.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(NEW.compare_at_price)), iif(NEW.cost_price IS NULL, '', ',"cost_price":' || json_quote(NEW.cost_price)), iif(NEW.weight IS NULL, '', ',"weight":' || json_quote(NEW.weight)), iif(NEW.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(NEW.dropship_provider_id)), iif(NEW.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(NEW.vendor_id)), iif(NEW.vendor_sku IS NULL, '', ',"vendor_sku":' || json_quote(NEW.vendor_sku)), iif(NEW.external_id IS NULL, '', ',"external_id":' || json_quote(NEW.external_id)), iif(NEW.hs_code IS NULL, '', ',"hs_code":' || json_quote(NEW.hs_code)), iif(NEW.country_of_origin IS NULL, '', ',"country_of_origin":' || json_quote(NEW.country_of_origin)), iif(NEW.tags IS NULL, '', ',"tags":' || json_quote(NEW.tags)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.product_id IS NULL, '', ',"product_id":' || json_quote(OLD.product_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.barcode IS NULL, '', ',"barcode":' || json_quote(OLD.barcode)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(OLD.compare_at_price)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.weight IS NULL, '', ',"weight":' || json_quote(OLD.weight)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), iif(OLD.vendor_sku IS NULL, '', ',"vendor_sku":' || json_quote(OLD.vendor_sku)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.hs_code IS NULL, '', ',"hs_code":' || json_quote(OLD.hs_code)), iif(OLD.country_of_origin IS NULL, '', ',"country_of_origin":' || json_quote(OLD.country_of_origin)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER variants_event_deleted AFTER DELETE ON variants BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (OLD.company_id, 'variant.deleted', 'variant', OLD.id, concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.product_id IS NULL, '', ',"product_id":' || json_quote(OLD.product_id)), iif(OLD.sku IS NULL, '', ',"sku":' || json_quote(OLD.sku)), iif(OLD.name IS NULL, '', ',"name":' || json_quote(OLD.name)), iif(OLD.barcode IS NULL, '', ',"barcode":' || json_quote(OLD.barcode)), iif(OLD.price IS NULL, '', ',"price":' || json_quote(OLD.price)), iif(OLD.compare_at_price IS NULL, '', ',"compare_at_price":' || json_quote(OLD.compare_at_price)), iif(OLD.cost_price IS NULL, '', ',"cost_price":' || json_quote(OLD.cost_price)), iif(OLD.weight IS NULL, '', ',"weight":' || json_quote(OLD.weight)), iif(OLD.dropship_provider_id IS NULL, '', ',"dropship_provider_id":' || json_quote(OLD.dropship_provider_id)), iif(OLD.vendor_id IS NULL, '', ',"vendor_id":' || json_quote(OLD.vendor_id)), iif(OLD.vendor_sku IS NULL, '', ',"vendor_sku":' || json_quote(OLD.vendor_sku)), iif(OLD.external_id IS NULL, '', ',"external_id":' || json_quote(OLD.external_id)), iif(OLD.hs_code IS NULL, '', ',"hs_code":' || json_quote(OLD.hs_code)), iif(OLD.country_of_origin IS NULL, '', ',"country_of_origin":' || json_quote(OLD.country_of_origin)), iif(OLD.tags IS NULL, '', ',"tags":' || json_quote(OLD.tags)), '}'), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
