// Moved to components/download.ts (issue 12 §5); this re-export stays until the last importers move.
export {
  downloadFile,
  fileNameFromDisposition,
  openPdf,
  sanitizeFileName,
  saveBlob,
} from '../../components/download.ts';
