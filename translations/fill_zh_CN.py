#!/usr/bin/env python3
"""Fills kernel_atlas_zh_CN.ts from the table below (run after lupdate).

Terms of the field (kernel, MoE, MLA, backend and quantization names) stay as
written in code. Exits non-zero, listing them, when a source text has no
translation here, so that nothing ships unfinished."""
import sys
import xml.etree.ElementTree as ET

ZH = {
    '%1 exists and is not a Kernel Atlas index; it was left untouched (choose another --db)': '%1 已存在且不是 Kernel Atlas 索引；它保持原样（请另选 --db）',
    '%1: a write to it was interrupted and must be rolled back from %1-journal, but you cannot write to the file or its folder; open it once as a user who can, or re-index it':
        '%1：对它的一次写入被中断，需要用 %1-journal 回滚，但您无权写入该文件或其所在文件夹；请以有写权限的用户打开一次，或重新索引',
    'name is not valid UTF-8; skipped (rename it to index it)': '名称不是有效的 UTF-8；已跳过（重命名后才能索引）',
    '%1 cannot be read: %2': '%1 无法读取：%2',
    '%1 is not a regular file; it was not read': '%1 不是普通文件；未读取',
    '%1 is larger than %2 MiB; it was not read': '%1 大于 %2 MiB；未读取',
    '%1 leaves the root %2 (it is %3); it was not read': '%1 位于根目录 %2 之外（实际为 %3）；未读取',
    '%1 leaves the root %2; it was not read': '%1 位于根目录 %2 之外；未读取',
    'the root %1 is not a folder': '根目录 %1 不是文件夹',
    'only a decorator registry has a lookup': '只有装饰器注册表才有 lookup',
    'must be true or false': '必须为 true 或 false',
    '%1 is a symbolic link; give the path of the index itself (%2)': '%1 是符号链接；请给出索引本身的路径（%2）',
    'symbolic link leaves the repository; not followed (--follow-outside-links follows it)': '符号链接指向仓库之外；未跟随（--follow-outside-links 可跟随）',
    '%1 is the index being read; write the output elsewhere': '%1 是正在读取的索引；请把输出写到别处',
    '%1 is the open index; export to another file.': '%1 是当前打开的索引；请导出到另一个文件。',
    "repository name '%1' is given twice; each --repo needs its own name": '仓库名 “%1” 出现了两次；每个 --repo 需要各自的名称',
    "unknown filter dimension '%1'; did you mean: %2": '未知的筛选维度 “%1”；您是否想用：%2',
    "unknown value '%1' of %2; did you mean: %3": '%2 的未知取值 “%1”；您是否想用：%3',
    "unknown option '%1'; did you mean: %2": '未知选项 “%1”；您是否想用：%2',
    '--hf-config: the profile reads no model configuration (no config_annotation settings rule)': '--hf-config：配置文件不读取模型配置（没有带 config_annotation 的 settings 规则）',
    '%1: cannot read the model configuration (%2)': '%1：无法读取模型配置（%2）',
    '%1:%2: not a JSON object of model settings (%3)': '%1:%2：不是模型设置的 JSON 对象（%3）',
    'needs exactly one of class, env_reader, config_annotation': '需要且只能有 class、env_reader、config_annotation 之一',
    'needs a settings rule with config_annotation': '需要一条带 config_annotation 的 settings 规则',
    'must be a name no other checkpoint has': '必须是其他检查点都没有用过的名称',
    "must be an object (a model's config.json)": '必须是一个对象（模型的 config.json）',
    'names no checkpoint of "checkpoints"': '不是 "checkpoints" 中的检查点',
    'at run time: %1': '运行时决定：%1',
    '%1 is derived from the rest of the configuration': '%1 由配置的其余部分推导得出',
    'must be a whole number of at least 1': '必须是不小于 1 的整数',
    'must map dimension values to numbers': '必须把维度取值映射为数字',
    'must be a whole number or a list of them': '必须是整数或整数列表',
    '%1 is locked by another program; it was left unchanged (try again when it is done)': '%1 被另一个程序锁定；它保持原样（请待其完成后重试）',
    'None of the %1 files changed since the last index; it was kept': '自上次索引以来 %1 个文件均未改动；索引保持原样',
    '%n changed file(s) re-indexed in place: %1 call sites (%2% resolved) in %3 s': '原地重新索引了 %n 个改动的文件：%1 个调用点（%2% 已解析），用时 %3 秒',
    '%1: cannot be edited for the benchmark': '%1：无法为基准测试编辑',
    'patched in place': '原地修补',
    'rebuilt': '整体重建',
    '%1 ms (%2% of full; %3; scan %4, read %5, resolve %6, write %7)': '%1 毫秒（完整索引的 %2%；%3；扫描 %4，读取 %5，解析调用 %6，写入 %7）',
    're-index after one file was edited (%1; median of 3):': '编辑一个文件（%1；取 3 次的中位数）后重新索引：',
    '  touched:            %1': '  仅触碰：            %1',
    '  a call added:       %1': '  新增一个调用：      %1',
    '  a function added:   %1': '  新增一个函数：      %1',
    'cannot update the index %1: %2; it is unchanged': '无法更新索引 %1：%2；索引保持原样',
    'needs exactly one of guard, function, symbol': '需要且只能有 guard、function、symbol 之一',
    'Choose the folder of at least one repository.': '请至少为一个仓库选择文件夹。',
    'a repository needs a name': '仓库需要一个名称',
    "repository '%1': folder %2 does not exist": "仓库“%1”：文件夹 %2 不存在",
    'scan %1, parse %2, resolve %3, write %4': '扫描 %1，解析 %2，解析调用 %3，写入 %4',
    'full index:           %1 ms (%2)': '完整索引：            %1 ms（%2）',
    're-index, 1 touched:  %1 ms (%2% of full; %3)': '重新索引，触碰 1 个：  %1 ms（完整索引的 %2%；%3）',
    'up to date, kept': '已是最新，保留原索引',
    're-index, 1 changed:  %1 ms (%2% of full; %3 parsed; %4)': '重新索引，改动 1 个：  %1 ms（完整索引的 %2%；解析 %3 个；%4）',
    'Up to date: none of the %1 files changed since the last index; it was kept (%2 s) -> %3':
        '已是最新：自上次索引以来 %1 个文件都没有改动，保留原索引（%2 秒）-> %3',
    'more than %1 further paths not shown': '另有超过 %1 条路径未显示',
    'cannot write the index %1: it was abandoned': '无法写入索引 %1：写入已中止',
    '&Preferences…': '首选项(&P)…',
    'Settings': '设置',
    'Repositories and profile': '仓库与配置',
    'Appearance and language': '外观与语言',
    '&Add': '添加(&A)',
    '&Remove': '移除(&R)',
    '&Choose Folder…': '选择文件夹(&C)…',
    'Choose &File…': '选择文件(&F)…',
    'Profiles (*.json)': '配置文件 (*.json)',
    'New Index starts from these repositories and this profile.': '“新建索引”以这些仓库和这个配置为起点。',
    'Follow the system': '跟随系统',
    'Light': '浅色',
    'Dark': '深色',
    'Theme': '主题',
    'A new language takes effect when Kernel Atlas starts next time.': '新的语言在下次启动 Kernel Atlas 时生效。',
    'Open --db, print how long the window took (first paint, layout, selecting --select), and quit.':
        '打开 --db，打印窗口各步骤的用时（首次绘制、布局、选中 --select），然后退出。',
    '--bench-ui needs --db FILE': '--bench-ui 需要 --db FILE',
    'option %1 needs a value': '选项 %1 需要一个值',
    'profile %1 does not exist': '配置文件 %1 不存在',
    "no built-in profile named '%1' (built in: sglang, demo)": "没有名为“%1”的内置配置（内置：sglang、demo）",
    "--repo takes NAME=PATH, got '%1'": "--repo 的格式是 NAME=PATH，收到的是“%1”",
    "repository '%1': %2 is not a folder": "仓库“%1”：%2 不是文件夹",
    'usage: katlas bench index --repo NAME=PATH ... [--profile P]': '用法：katlas bench index --repo NAME=PATH ... [--profile P]',
    'files:                %1 (%2 MB)': '文件：                %1（%2 MB）',
    'raw parse, 1 core:    %1 ms': '纯解析，1 核：        %1 ms',
    'raw parse, %1 cores:   %2 ms': '纯解析，%1 核：        %2 ms',
    'full index:           %1 ms (scan %2, parse %3, resolve %4, write %5)': '完整索引：            %1 ms（扫描 %2，解析 %3，解析调用 %4，写入 %5）',
    'ratio full/raw:       %1 (1-core raw parse), %2 (%3-core raw parse)': '完整/纯解析之比：     %1（对 1 核纯解析），%2（对 %3 核纯解析）',
    'peak RSS:             %1 MB (sources %2 MB)': '峰值内存 RSS：        %1 MB（源码 %2 MB）',
    're-index, unchanged:  %1 ms (%2% of full)': '重新索引，无改动：    %1 ms（完整索引的 %2%）',
    're-index, 1 changed:  %1 ms (%2% of full; %3 parsed)': '重新索引，改动 1 个：  %1 ms（完整索引的 %2%；解析 %3 个）',
    "unknown callgraph format '%1' (known: pycg)": "未知的调用图格式“%1”（支持：pycg）",
    'cannot write %1: %2': '无法写入 %1：%2',
    'index needs --repo NAME=PATH (or --demo for the demo workspace)': 'index 需要 --repo NAME=PATH（或用 --demo 索引演示工作区）',
    'index needs --db FILE': 'index 需要 --db FILE',
    'warning: %1': '警告：%1',
    'Indexed %1 files (%2 parsed, %3 unchanged), %4 call sites, %5% resolved, kernels: %6, in %7 s -> %8':
        '已索引 %1 个文件（解析 %2 个，未改动 %3 个），%4 个调用点，已解析 %5%，kernel：%6，用时 %7 秒 -> %8',
    'Database:     %1': '数据库：     %1',
    'Profile:      %1': '配置：       %1',
    'Files:        %1': '文件：       %1',
    'Symbols:      %1': '符号：       %1',
    'Call sites:   %1 (%2% resolved)': '调用点：     %1（已解析 %2%）',
    'Edges:        %1': '边：         %1',
    'Kernels:': 'Kernel：',
    'Index time:   %1 s': '索引用时：   %1 秒',
    'Diagnostics:  %1': '诊断：       %1',
    'callers needs a SYMBOL': 'callers 需要一个 SYMBOL',
    'callees needs a SYMBOL': 'callees 需要一个 SYMBOL',
    "no symbol named '%1'; did you mean: %2": "没有名为“%1”的符号；您是否要找：%2",
    'no path: the filter excludes every path (on %1)': '无路径：过滤条件排除了所有路径（在 %1 上）',
    "No path: under the filter, none runs with what this op's object was built with": '无路径：在此过滤条件下，没有一条路径能以该算子对象构建时传入的值运行',
    "no path: under the filter, none runs with what the op's object was built with": '无路径：在此过滤条件下，没有一条路径能以该算子对象构建时传入的值运行',
    'no path: this op reaches no kernel': '无路径：此算子不会到达任何 kernel',
    "(no op: the filter or the index leaves the model's forward empty)": '（无算子：过滤条件或索引使模型的 forward 为空）',
    "no leaf op named '%1'; did you mean: %2": "没有名为“%1”的叶子算子；您是否要找：%2",
    '%1 more paths not shown': '另有 %1 条路径未显示',
    'trace needs --op OP or --kernel KERNEL': 'trace 需要 --op OP 或 --kernel KERNEL',
    "no kernel named '%1'; did you mean: %2": "没有名为“%1”的 kernel；您是否要找：%2",
    "not reached from the model's entry under this filter": '在此过滤条件下，模型入口到达不了它',
    'matrix needs --op OP': 'matrix 需要 --op OP',
    'no path': '无路径',
    'export needs --format kernel-traces-md | op-traces-md | json | dot | svg': 'export 需要 --format kernel-traces-md | op-traces-md | json | dot | svg',
    'verify needs a markdown FILE': 'verify 需要一个 markdown 文件',
    '%1: %2 links, %3 broken': '%1：%2 个链接，%3 个失效',
    "unknown command '%1'": "未知命令“%1”",
    '%1: no such file': '%1：文件不存在',
    '%1: is not a file': '%1：不是文件',
    '%1: cannot be read: %2': '%1：无法读取：%2',
    '%1: is not a Kernel Atlas database': '%1：不是 Kernel Atlas 数据库',
    '%1: cannot be opened': '%1：无法打开',
    '%1: is damaged or not a database (%2)': '%1：已损坏或不是数据库（%2）',
    '%1: is damaged (%2); re-index it': '%1：已损坏（%2）；请重新索引',
    '%1: was written by schema version %2; this Kernel Atlas reads version %3: re-index it':
        '%1：由 schema 版本 %2 写入；此 Kernel Atlas 读取版本 %3：请重新索引',
    'cannot write the demo workspace to %1': '无法把演示工作区写入 %1',
    "'%1' is not DIMENSION=VALUE[,VALUE...]": "“%1”不是 DIMENSION=VALUE[,VALUE...] 格式",
    "Graphviz could not lay out the graph (is the 'dot' plugin registered? run 'dot -c')": 'Graphviz 无法布局该图（dot 插件是否已注册？请运行 dot -c）',
    "Graphviz could not render SVG (is the 'dot' plugin registered? run 'dot -c')": 'Graphviz 无法渲染 SVG（dot 插件是否已注册？请运行 dot -c）',
    'cancelled': '已取消',
    'cannot write the index: folder %1 does not exist': '无法写入索引：文件夹 %1 不存在',
    'cannot write the index: %1 is a folder': '无法写入索引：%1 是一个文件夹',
    'cannot create the index in folder %1: %2': '无法在文件夹 %1 中创建索引：%2',
    'indexing was cancelled; %1 is unchanged': '索引已取消；%1 未被改动',
    'cannot write the index %1: %2': '无法写入索引 %1：%2',
    'cannot finish writing the index %1': '无法完成写入索引 %1',
    'cannot flush the index to disk in folder %1': '无法把索引刷新到文件夹 %1 所在的磁盘',
    'cannot replace %1 with the new index': '无法用新索引替换 %1',
    '%1: cannot be read (%2); skipped': '%1：无法读取（%2）；已跳过',
    'Scanning': '扫描',
    'Parsing': '解析',
    'Resolving': '解析调用',
    'Writing': '写入',
    'indexing was cancelled; the previous index is unchanged': '索引已取消；之前的索引未被改动',
    '%1 exists and is not a Kernel Atlas database; it was left untouched (choose another --db)':
        '%1 已存在且不是 Kernel Atlas 数据库；未改动它（请另选 --db）',
    "repository '%1': path %2 does not exist or is not a folder": "仓库“%1”：路径 %2 不存在或不是文件夹",
    "unknown model '%1' (models of this profile: %2)": "未知模型“%1”（此配置的模型：%2）",
    "the entry %1 of model '%2' is not in the index": "模型“%2”的入口 %1 不在索引中",
    'unknown key': '未知的键',
    'must be 1 (the format version)': '必须为 1（格式版本）',
    'needs exactly one of module_prefix, decorator, call_prefix': '需要且只能有 module_prefix、decorator、call_prefix 之一',
    'must be "decorator" or "dict"': '必须为 "decorator" 或 "dict"',
    'needs exactly one of guard, function': '需要且只能有 guard、function 之一',
    'names no model of "models"': '不是 "models" 中的模型',
    'is required': '是必需的',
    'must be a string': '必须是字符串',
    'must be a list of strings': '必须是字符串列表',
    'must be a list of objects': '必须是对象列表',
    'must be an object': '必须是对象',
    'is not a valid regular expression: %1': '不是有效的正则表达式：%1',
    'invalid JSON: %1': '无效的 JSON：%1',
    'a profile must be a JSON object': '配置必须是 JSON 对象',
    'cannot be read: %1': '无法读取：%1',
    'Leaf op: reaches kernels': '叶子算子：会到达 kernel',
    'Container op: orchestrates other ops': '容器算子：编排其他算子',
    'the repository folder does not exist': '仓库文件夹不存在',
    'symlink loop or repeated folder; entered once only': '符号链接循环或重复的文件夹；只进入一次',
    'folder cannot be read; skipped': '文件夹无法读取；已跳过',
    'broken symbolic link; skipped': '符号链接已失效；已跳过',
    'file is larger than %1 MB; skipped': '文件大于 %1 MB；已跳过',
    'file cannot be read (%1); skipped': '文件无法读取（%1）；已跳过',
    'binary file, not Python source; skipped': '二进制文件，不是 Python 源码；已跳过',
    'file %1 does not exist': '文件 %1 不存在',
    'line %1 is outside the file (%2 lines)': '第 %1 行超出文件范围（共 %2 行）',
    "'%1' does not appear on or near line %2": "第 %2 行及附近没有出现“%1”",
    'Filters': '过滤',
    'Reset filters': '重置过滤',
    'Execution graph': '执行图',
    'Ops': '算子',
    'Kernel paths': 'Kernel 路径',
    'Source': '源码',
    'No path: the filter excludes every path of this op': '无路径：过滤条件排除了此算子的所有路径',
    'No path: this op reaches no kernel': '无路径：此算子不会到达任何 kernel',
    'Backtraces of %1': '%1 的回溯',
    'no index': '无索引',
    'no filter': '无过滤',
    'Kernel Atlas': 'Kernel Atlas',
    'Model: %1 · Filter: %2': '模型：%1 · 过滤：%2',
    '&File': '文件(&F)',
    '&Open Index…': '打开索引(&O)…',
    '&New Index…': '新建索引(&N)…',
    '&Re-index': '重新索引(&R)',
    'Recent Indexes': '最近的索引',
    '&Export': '导出(&E)',
    'Kernel Traces (Markdown)…': 'Kernel 追踪（Markdown）…',
    'Markdown (*.md)': 'Markdown (*.md)',
    'Op Traces (Markdown)…': '算子追踪（Markdown）…',
    'Traces (JSON)…': '追踪（JSON）…',
    'JSON (*.json)': 'JSON (*.json)',
    'Graph (SVG)…': '图（SVG）…',
    'SVG (*.svg)': 'SVG (*.svg)',
    'Graph (PNG)…': '图（PNG）…',
    'PNG (*.png)': 'PNG (*.png)',
    '&Quit': '退出(&Q)',
    '&View': '视图(&V)',
    '&Search…': '搜索(&S)…',
    'Zoom &In': '放大(&I)',
    'Zoom &Out': '缩小(&O)',
    '&Fit to Window': '适应窗口(&F)',
    '&Language': '语言(&L)',
    '&Settings': '设置(&S)',
    'System': '跟随系统',
    'Language': '语言',
    'The language changes when Kernel Atlas starts next time.': '语言将在下次启动 Kernel Atlas 时切换。',
    '&Help': '帮助(&H)',
    '&About Kernel Atlas': '关于 Kernel Atlas(&A)',
    'Indexing failed': '索引失败',
    'Indexing cancelled; the previous index is unchanged.': '索引已取消；之前的索引未被改动。',
    'Cannot open the new index': '无法打开新索引',
    'Indexed %1 files, %2 call sites (%3% resolved) in %4 s': '已索引 %1 个文件、%2 个调用点（已解析 %3%），用时 %4 秒',
    'Cannot open index': '无法打开索引',
    'Indexing…': '正在索引…',
    'Cancel': '取消',
    'Open Index': '打开索引',
    'Kernel Atlas index (*.katlas *.db);;All files (*)': 'Kernel Atlas 索引 (*.katlas *.db);;所有文件 (*)',
    'Profile': '配置',
    'Export': '导出',
    'Export failed': '导出失败',
    'Wrote %1': '已写入 %1',
    'No index is open.': '没有打开的索引。',
    'Cannot write %1': '无法写入 %1',
    'Unknown export format %1': '未知的导出格式 %1',
    'Cannot write %1: %2': '无法写入 %1：%2',
    'About Kernel Atlas': '关于 Kernel Atlas',
    '<h3>Kernel Atlas %1</h3><p>From LLM model ops to the GPU kernels that run them.</p><p>Qt %2 (LGPL-3.0)<br>Graphviz %3 (EPL-1.0)<br>tree-sitter, language ABI %4 (MIT)<br>tree-sitter-python %5 (MIT)<br>SQLite %6 (public domain)</p>':
        '<h3>Kernel Atlas %1</h3><p>从大模型算子追踪到执行它们的 GPU kernel。</p><p>Qt %2（LGPL-3.0）<br>Graphviz %3（EPL-1.0）<br>tree-sitter，语言 ABI %4（MIT）<br>tree-sitter-python %5（MIT）<br>SQLite %6（公有领域）</p>',
    'New Index': '新建索引',
    'Name': '名称',
    'Folder': '文件夹',
    'Choose Folder…': '选择文件夹…',
    'Repository Folder': '仓库文件夹',
    'Add Repository': '添加仓库',
    'A built-in profile name, or the path of a profile JSON file': '内置配置名，或配置 JSON 文件的路径',
    'Repositories': '仓库',
    'Database': '数据库',
    'Op': '算子',
    'Path': '路径',
    'Search': '搜索',
    'Ops, kernels, functions, files…': '算子、kernel、函数、文件…',
    'op': '算子',
    'kernel': 'kernel',
    'function': '函数',
    'file': '文件',
    'Copy file:line': '复制 文件:行号',
    'Copy the path and line of this frame': '复制此帧的路径和行号',
    'Select a frame to see its source.': '选择一个帧以查看其源码。',
    '%1 is not available (%2): the repository moved or the file was deleted since indexing.':
        '%1 不可用（%2）：自索引以来仓库已移动或文件已删除。',
    'Explorer of the call graph from LLM model ops to GPU kernels': '从大模型算子到 GPU kernel 的调用图浏览器',
    'Open the index FILE.': '打开索引文件 FILE。',
    'Index the repository NAME=PATH (repeatable).': '索引仓库 NAME=PATH（可重复）。',
    'Profile to index with.': '索引所用的配置。',
    'Save a screenshot to FILE and quit.': '把截图保存到 FILE 后退出。',
    'Demo workspace': '演示工作区',
    'Start with the filter DIMENSION=VALUE[,VALUE] ...': '以过滤条件 DIMENSION=VALUE[,VALUE] ... 启动',
    'Filter': '过滤',
    'Select the op named OP once the index is open.': '索引打开后选中名为 OP 的算子。',
    '%n call site(s)': '%n 个调用点',
    # configurations
    'must be a name no other configuration has': '必须是其他配置方案没有用过的名称',
    'must name exactly one dimension': '必须且只能指定一个维度',
    'names the dimension of "if"': '与 "if" 指定的维度相同',
    'must be an object of dimension: value or [values]': '必须是 维度: 值 或 [值列表] 构成的对象',
    'is not a dimension of "dimensions"': '不是 "dimensions" 中的维度',
    'needs a value': '需要一个值',
    "unknown value '%1' (known: %2)": "未知的值“%1”（已知：%2）",
    '%1 needs %2': '%1 要求 %2',
    "no configuration named '%1': the profile has none": "没有名为“%1”的配置方案：该配置文件没有任何配置方案",
    "no configuration named '%1'; known: %2": "没有名为“%1”的配置方案；已有：%2",
    'warning: the filter contradicts itself: %1': '警告：过滤条件自相矛盾：%1',
    '(the profile %1 has no configurations)': '（配置文件 %1 没有配置方案）',
    '%n implication(s) between dimension values': '维度取值之间有 %n 条蕴含关系',
    'Trace under one deployment: the preset sets the filters': '按一种部署追踪：预设会设置各项过滤条件',
    'Configuration': '配置方案',
    'Any configuration': '任意配置',
    'Does not run under this configuration: no kernel path': '在此配置方案下不运行：没有到达 kernel 的路径',
    'C&onfiguration:': '配置方案(&O)：',
    'Configuration: %1 · Model: %2 · %n op(s) do not run': '配置方案：%1 · 模型：%2 · %n 个算子不运行',
    'Contradiction: %1': '矛盾：%1',
    "Start with the configuration NAME of the index's profile; --filter narrows it.": '以索引配置文件中名为 NAME 的配置方案启动；--filter 再加以收窄。',
    "No configuration named '%1'; known: %2": "没有名为“%1”的配置方案；已有：%2",
}

USAGE_ZH = ('用法：katlas 命令 [选项]\n\n'
            '  index     --db FILE --repo NAME=PATH ... [--profile FILE|sglang|demo] [--full] [--follow-outside-links]\n'
            '            索引仓库（或 --demo：内嵌的演示工作区）\n'
            '  stats     [--db FILE]                    索引包含的内容及其诊断\n'
            '  kernels   [--db FILE] [--json]           所有 kernel 及其调用点\n'
            '  callers   SYMBOL [--db FILE]             谁调用了某函数\n'
            '  callees   SYMBOL [--db FILE]             某函数调用了什么\n'
            '  callgraph [--db FILE | --repo NAME=PATH] --format pycg [-o FILE]\n'
            '  bench     index [--repo NAME=PATH ...]   索引速度与 tree-sitter 纯解析之比\n'
            '  bench     trace [--db FILE] [--config C] [--filter F]   追踪与导出的速度\n'
            '  ops       [--db FILE] [--model M] [--config C] [--filter F] [--json]   模型的算子执行图\n'
            '  trace     --op OP | --kernel K [--config C] [--filter F] [--json]      算子的路径，kernel 的回溯\n'
            '  matrix    --op OP [--config C] [--filter F]                  各 backend x 量化方案下的 kernel\n'
            '  export    --format kernel-traces-md|op-traces-md|json|dot|svg [--config C] [--filter F] [--link-base DIR] -o FILE\n'
            '  configs   [--db FILE]                    配置文件中的配置方案（--config 的预设）\n'
            '  verify    FILE.md [--root DIR]           检查报告中每个 文件:行号 链接\n\n'
            '过滤条件是若干 DIMENSION=VALUE[,VALUE...]，例如 --filter "quantization=fp8 stage=decode"。\n'
            '--config NAME 以配置文件中的一个配置方案为起点；--filter 再加以收窄\n'
            '（两者都设置的维度以 --filter 的取值为准）。--hf-config FILE 指定检查点的\n'
            'config.json：其中的值成为 model.* 设置（model.n_shared_experts=1）。\n\n'
            '不指定 --db 时，命令使用演示工作区的索引。\n')


def main(path):
    tree = ET.parse(path)
    missing = []
    for message in tree.getroot().iter('message'):
        source = message.find('source').text
        target = ZH.get(source)
        if target is None and source.startswith('usage: katlas COMMAND'):
            target = USAGE_ZH
        translation = message.find('translation')
        if target is None:
            missing.append(source)
            continue
        translation.attrib.pop('type', None)
        if message.get('numerus') == 'yes':
            translation.text = None
            for child in list(translation):
                translation.remove(child)
            ET.SubElement(translation, 'numerusform').text = target
        else:
            translation.text = target
    tree.write(path, encoding='utf-8', xml_declaration=True)
    for m in missing:
        print('untranslated:', repr(m), file=sys.stderr)
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
