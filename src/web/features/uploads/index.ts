/** What other features use to take a car photo. */
export { CarImageUpload, uploadFailureToast } from './car-image-upload';
export { CAR_IMAGE_ACCEPT, carImageProblem, uploadCarImage, uploadImage } from './upload-car-image';
