/** Rich-text editor texts; the wait warning is the console's fixed wording: keep it to the letter. */
export const EDITOR_MESSAGES = {
  waitForImages:
    'Please wait for all images to be uploaded successfully. If there is a network problem, please refresh the page and upload again!',
  uploadImages: '上传图片',
  loading: '编辑器加载中…',
} as const;
