/** What other features use of uploads: publishing an uploaded image, and settling its upload URL. */
export { publishUploadedImage, settleUpload } from './routes';
