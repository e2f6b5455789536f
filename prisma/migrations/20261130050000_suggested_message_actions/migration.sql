-- A link's action takes the documented shape {type:"url", url} (docs/decisions/075-suggested-message-actions.md).
UPDATE suggested_messages
SET action = jsonb_build_object('type', 'url', 'url', action->>'url')
WHERE type = 'link' AND action IS NOT NULL AND NOT (action ? 'type');
