-- Idempotency keys keep a SHA-256 of the request from now on, never its text. The texts kept so far
-- (24 hours of them) may hold an `access_token` sent in the query: its value is blanked here, as
-- `tokenBlanked` (services/idempotency.ts) does, so that a retry of such a request still matches.

UPDATE idempotency_keys SET fingerprint = blanked.value
FROM (
  SELECT id,
    substr(fingerprint, 1, v - 1) || substr(rest,
      CASE WHEN amp > 0 AND (space = 0 OR amp < space) THEN amp
           WHEN space > 0 THEN space
           ELSE length(rest) + 1 END) AS value
  FROM (
    SELECT id, fingerprint, v, substr(fingerprint, v) AS rest,
      instr(substr(fingerprint, v), '&') AS amp, instr(substr(fingerprint, v), ' ') AS space
    FROM (
      SELECT id, fingerprint,
        (CASE WHEN question > 0 AND (ampersand = 0 OR question < ampersand) THEN question ELSE ampersand END) + 14 AS v
      FROM (
        SELECT id, fingerprint,
          instr(fingerprint, '?access_token=') AS question, instr(fingerprint, '&access_token=') AS ampersand
        FROM idempotency_keys
        WHERE fingerprint NOT LIKE 'sha256:%'
      )
      WHERE question > 0 OR ampersand > 0
    )
  )
) AS blanked
WHERE idempotency_keys.id = blanked.id;
