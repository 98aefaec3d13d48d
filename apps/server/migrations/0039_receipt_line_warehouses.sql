-- Written by hand: a goods receipt line records the warehouse its units went into, and taking the line
-- back takes them off that warehouse only. The lines written before lines recorded it moved their units
-- to their purchase's warehouse, so each that moved stock (not skipped, units of a purchase line with a
-- variant, a purchase with a warehouse) is given its purchase's warehouse here: taking it back then
-- takes them from where they went, and a line that records none is one that moved nothing. The
-- trigger is made again around the UPDATE so that it writes no event, and updated_at stays.

DROP TRIGGER IF EXISTS goods_receipt_items_event_updated;

UPDATE goods_receipt_items
SET warehouse_id = (
  SELECT purchases.warehouse_id
  FROM goods_receipts JOIN purchases ON purchases.id = goods_receipts.purchase_id
  WHERE goods_receipts.id = goods_receipt_items.goods_receipt_id
    AND goods_receipts.company_id = goods_receipt_items.company_id
    AND purchases.company_id = goods_receipt_items.company_id
)
WHERE warehouse_id IS NULL
  AND NOT coalesce(skip_inventory_change, 0)
  AND quantity <> 0
  AND purchase_item_id IN (
    SELECT purchase_items.id FROM purchase_items
    WHERE purchase_items.company_id = goods_receipt_items.company_id AND purchase_items.variant_id IS NOT NULL
  );

CREATE TRIGGER goods_receipt_items_event_updated AFTER UPDATE ON goods_receipt_items WHEN OLD.company_id IS NOT NEW.company_id OR OLD.goods_receipt_id IS NOT NEW.goods_receipt_id OR OLD.purchase_item_id IS NOT NEW.purchase_item_id OR OLD.warehouse_id IS NOT NEW.warehouse_id OR OLD.quantity IS NOT NEW.quantity OR OLD.skip_inventory_change IS NOT NEW.skip_inventory_change BEGIN INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (NEW.company_id, 'goods_receipt_item.updated', 'goods-receipt-item', NEW.id, concat('{"id":', json_quote(NEW.id), ',"company_id":', json_quote(NEW.company_id), ',"created_at":', json_quote(NEW.created_at), ',"updated_at":', json_quote(NEW.updated_at), iif(NEW.goods_receipt_id IS NULL, '', ',"goods_receipt_id":' || json_quote(NEW.goods_receipt_id)), iif(NEW.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(NEW.purchase_item_id)), iif(NEW.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(NEW.warehouse_id)), iif(NEW.quantity IS NULL, '', ',"quantity":' || json_quote(NEW.quantity)), iif(NEW.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(NEW.skip_inventory_change)), '}'), concat('{"id":', json_quote(OLD.id), ',"company_id":', json_quote(OLD.company_id), ',"created_at":', json_quote(OLD.created_at), ',"updated_at":', json_quote(OLD.updated_at), iif(OLD.goods_receipt_id IS NULL, '', ',"goods_receipt_id":' || json_quote(OLD.goods_receipt_id)), iif(OLD.purchase_item_id IS NULL, '', ',"purchase_item_id":' || json_quote(OLD.purchase_item_id)), iif(OLD.warehouse_id IS NULL, '', ',"warehouse_id":' || json_quote(OLD.warehouse_id)), iif(OLD.quantity IS NULL, '', ',"quantity":' || json_quote(OLD.quantity)), iif(OLD.skip_inventory_change IS NULL, '', ',"skip_inventory_change":' || json_quote(OLD.skip_inventory_change)), '}'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
