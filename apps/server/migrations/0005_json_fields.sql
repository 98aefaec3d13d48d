-- Written by hand: fields the reference types as any JSON were kept as plain text; they now hold JSON
-- (a text value becomes a JSON string, so it reads back the same). Runs before the event triggers
-- exist, so the conversion is no event.

UPDATE carrier_pickups SET payload = json_quote(payload) WHERE payload IS NOT NULL;

UPDATE carrier_pickups SET response = json_quote(response) WHERE response IS NOT NULL;

UPDATE channels SET hash = json_quote(hash) WHERE hash IS NOT NULL;

UPDATE channel_shipment_updates SET payload = json_quote(payload) WHERE payload IS NOT NULL;

UPDATE channel_shipment_updates SET response = json_quote(response) WHERE response IS NOT NULL;

UPDATE channel_variant_imports SET product_payload = json_quote(product_payload) WHERE product_payload IS NOT NULL;

UPDATE channel_variant_imports SET variant_payload = json_quote(variant_payload) WHERE variant_payload IS NOT NULL;

UPDATE channel_variant_updates SET payload = json_quote(payload) WHERE payload IS NOT NULL;

UPDATE channel_variant_updates SET response = json_quote(response) WHERE response IS NOT NULL;

UPDATE dropshipments SET label_problem = json_quote(label_problem) WHERE label_problem IS NOT NULL;

UPDATE dropshipments SET pickup_problem = json_quote(pickup_problem) WHERE pickup_problem IS NOT NULL;

UPDATE dropshipments SET send_shipping_update_problem = json_quote(send_shipping_update_problem) WHERE send_shipping_update_problem IS NOT NULL;

UPDATE purchases SET billing_full_name = json_quote(billing_full_name) WHERE billing_full_name IS NOT NULL;

UPDATE purchases SET invoice_problem = json_quote(invoice_problem) WHERE invoice_problem IS NOT NULL;

UPDATE purchases SET label_problem = json_quote(label_problem) WHERE label_problem IS NOT NULL;

UPDATE purchases SET order_problem = json_quote(order_problem) WHERE order_problem IS NOT NULL;

UPDATE sale_imports SET payload = json_quote(payload) WHERE payload IS NOT NULL;

UPDATE sale_imports SET problem = json_quote(problem) WHERE problem IS NOT NULL;
