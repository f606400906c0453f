module.exports = '/assets/test-file-stub';
