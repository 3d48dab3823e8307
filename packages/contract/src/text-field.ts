import { z } from 'zod';
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT, TEXT_MESSAGES } from './control-characters.ts';

type StringParams = Parameters<typeof z.string>[0];
/** `trim`: surrounding white space (a pasted tab or line break included) is removed before the check. */
type TextOptions = { trim?: boolean };

/**
 * A one-line text field: every text a request takes starts here, so a control character is
 * refused with one Vietnamese message before any other rule of the field.
 */
export function singleLineText(params?: StringParams, { trim = false }: TextOptions = {}) {
  const text = trim ? z.string(params).trim() : z.string(params);
  return text.regex(SINGLE_LINE_TEXT, TEXT_MESSAGES.controlCharacters);
}

/** A multi-line text field (messages, feedback, answer details): tab and line breaks are kept. */
export function multiLineText(params?: StringParams, { trim = false }: TextOptions = {}) {
  const text = trim ? z.string(params).trim() : z.string(params);
  return text.regex(MULTI_LINE_TEXT, TEXT_MESSAGES.controlCharacters);
}
