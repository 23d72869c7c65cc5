/** Upload widget messages. The English ones are the console's fixed wording: keep them to the letter. */
export const UPLOAD_MESSAGES = {
  tooMany: (limit: number) => `No more than ${limit} files can be selected, please re-select`,
  tooLarge: (maxKb: number, kb: number) => `Please upload a file smaller than ${maxKb} KB, your file is ${kb} KB`,
  tooSmall: (minKb: number, kb: number) => `Please upload a file larger than ${minKb} KB, your file is ${kb} KB`,
  wrongSize: (width: number, height: number, actualWidth: number, actualHeight: number) =>
    `Please upload an image of ${width}x${height}, your image is ${actualWidth}x${actualHeight}`,
  wrongRatio: (ratio: string, actual: string) => `Please upload an image with aspect ratio ${ratio}, your image is ${actual}`,
  success: 'Uploaded successfully!',
  allFailed: 'Uploading files all failed!',
  someFailed: 'Some files failed to upload!',
  networkFailed: 'Upload failed, please try again later!',
} as const;

export const UPLOAD_LABELS = {
  choose: '选择文件',
  upload: '上传',
  clickToUpload: '点击上传',
} as const;
