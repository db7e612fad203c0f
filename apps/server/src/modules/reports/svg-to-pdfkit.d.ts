/** Types of svg-to-pdfkit 0.1 (the package ships none): draws an SVG string onto a PDFKit document. */
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    /** Name of a font registered on the document for an SVG font family. */
    fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
    assumePt?: boolean;
  }
  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: SvgToPdfOptions): void;
  export default SVGtoPDF;
}
