-- The built-in config items (通用配置) are described in plain Chinese: what each setting does, without JSON formats,
-- template placeholders or internal names (the form edits those values through named fields). Only a row still
-- holding the description the platform seeded is rewritten: a description someone wrote stays.
UPDATE "config" SET "description" = '首页下载专区列出的文件 (VPN 配置、客户端安装包等), 每项有名称、下载地址和说明', "updated_at" = now()
WHERE "key" = 'downloads' AND "builtin" AND "description" = '首页下载专区 (VPN 配置、客户端安装包等): JSON 数组 [{"title": "名称", "url": "地址", "description": "说明"}]';--> statement-breakpoint
UPDATE "config" SET "description" = '高德地图网页端的密钥, 在高德开放平台申请 (为空时地址只能手动输入, 不能在地图上选点)', "updated_at" = now()
WHERE "key" = 'amap_key' AND "builtin" AND "description" = '高德地图 Web 端 Key (为空时地址选择使用手动输入)';--> statement-breakpoint
UPDATE "config" SET "description" = 'OEE 默认班次 (机床未单独设置时使用): 每个班次有名称和开始、结束时间 (时:分), 结束早于开始表示跨到次日', "updated_at" = now()
WHERE "key" = 'oee_shifts' AND "builtin" AND "description" = 'OEE 默认班次 (机床未单独设置时使用): JSON 数组 [{"name": "班次名", "start": "HH:mm", "end": "HH:mm"}],结束早于开始表示跨到次日';--> statement-breakpoint
UPDATE "config" SET "description" = '微信公众号 消息加解密方式: 明文、兼容或安全, 与公众平台服务器配置中选的一致', "updated_at" = now()
WHERE "key" = 'wechat_mode' AND "builtin" AND "description" = '微信公众号 消息加解密方式: plain 明文, compat 兼容, safe 安全';--> statement-breakpoint
UPDATE "config" SET "description" = '设备告警通知用的微信模板消息: 公众平台模板库中的模板、各字段填入的文字 (可插入通知的内容) 和点击通知打开的地址; 为空时改发客服消息, 只送达 48 小时内与公众号互动过的用户', "updated_at" = now()
WHERE "key" = 'wechat_template_alarm' AND "builtin" AND "description" = '设备告警通知的微信模板消息 (为空时发客服消息, 只送达 48 小时内与公众号互动过的用户): {"template_id": "模板库中的模板ID", "data": {"模板字段": "文字, {名称} 处填入通知内容"}, "url": "可选, 点击打开的地址"}; 可用的名称: {title} 通知标题, {gateway_id} 设备ID, {machine} 机床, {alarm_no} 报警号, {alarm_msg} 报警信息, {time} 报警时间';--> statement-breakpoint
UPDATE "config" SET "description" = '授权到期通知用的微信模板消息: 公众平台模板库中的模板、各字段填入的文字 (可插入通知的内容) 和点击通知打开的地址; 为空时改发客服消息, 只送达 48 小时内与公众号互动过的用户', "updated_at" = now()
WHERE "key" = 'wechat_template_license' AND "builtin" AND "description" = '授权到期通知的微信模板消息 (为空时发客服消息, 只送达 48 小时内与公众号互动过的用户): {"template_id": "模板库中的模板ID", "data": {"模板字段": "文字, {名称} 处填入通知内容"}, "url": "可选, 点击打开的地址"}; 可用的名称: {title} 通知标题, {gateway_id} 设备ID, {device} 设备 (ID 与名称), {exp} 到期时间';--> statement-breakpoint
UPDATE "config" SET "description" = '短链接与二维码标签上印的公网地址, 以 HTTP 或 HTTPS 开头 (为空时使用服务器设置的公网地址, 或当前访问的地址)', "updated_at" = now()
WHERE "key" = 'short_url_base' AND "builtin" AND "description" = '短链接与二维码标签使用的公网地址, 如 https://gw.example.com (为空时使用 PUBLIC_URL 或访问地址)';
