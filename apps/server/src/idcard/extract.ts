/**
 * ID-card extraction: front (QR code, then OCR for what it lacks), back (MRZ with check digits,
 * OCR for the issue date when still needed), and the merge of both sides into the extract's
 * fields (`ZIdCardExtract` in the contract) with a confidence per field and the disagreements
 * between the sides.
 *
 * Everything runs in this process: no image or text leaves the server, nothing is fetched.
 *
 * This file is the library's entry; the steps live in extract-front.ts, extract-back.ts and
 * merge-sides.ts, their shared vocabulary in extract-fields.ts (README.md, "Pipeline").
 */
export {
  EXTRACT_FIELDS,
  CHIP_CARD_ISSUE_LOC,
  CAN_CUOC_ISSUE_LOC,
  CAN_CUOC_FIRST_ISSUE_DATE,
  ISSUING_AUTHORITIES,
  NO_EXPIRY,
  IMPLIED_ISSUE_LOC_CONFIDENCE,
  CONFIDENCE_THRESHOLD,
  KEY_FIELDS,
  type ExtractFieldName,
  type FieldSource,
  type FieldValue,
  type SideFields,
  type FrontExtraction,
  type BackExtraction,
  type Disagreement,
  type CardExtract,
  type ExtractOptions,
} from './extract-fields.ts';
export { extractFront } from './extract-front.ts';
export {
  centuryFromId,
  fieldsFromMrz,
  extractBack,
  issuingAuthorityOn,
  impliedIssuingAuthority,
  readIssuingAuthority,
} from './extract-back.ts';
export {
  namesAgree,
  idStructureMatches,
  mergeSides,
  isConsistentAndConfident,
  extractValues,
} from './merge-sides.ts';
