/** exceljs (about 29 MB), loaded when a workbook is first read or written, not at start (decision 30). */
export const loadExcel = async () => (await import('exceljs')).default;
